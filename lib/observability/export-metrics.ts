import { perchMetrics } from './metrics';

// Export jobs (lib/exports/export-runs.ts): items written page by page, and how they ended.

/** A page of `items` recorded in an export's file. */
export function observeExportPage(items: number): void {
  if (items > 0) perchMetrics()?.exportItems.inc(items);
}

/** An export ended by this instance. */
export function observeExportEnded(status: 'completed' | 'failed'): void {
  perchMetrics()?.exportsFinished.labels(status).inc();
}

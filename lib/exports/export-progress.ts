import type { ExportRecord } from './export-record';

/** How far back the rate looks: long enough to smooth pages that commit in bursts, short enough to follow a change. */
export const RATE_WINDOW_MS = 20_000;
const MAX_SAMPLES = 64;

type Sample = { at: number; items: number };

/** What an export's progress event carries: the job, its rate (items per second) and the seconds left, null when not known. */
export type ExportProgress = { export: ExportRecord; items_per_second: number | null; eta_seconds: number | null };

const FINISHED = new Set(['completed', 'failed', 'cancelled']);

/** Whether the export has ended (its event stream ends with it). */
export function exportFinished(record: Pick<ExportRecord, 'status'>): boolean {
  return FINISHED.has(record.status);
}

/** How many items the export is heading for: its estimate (already capped by max_items / max_credits), else its caps; null when nothing tells. */
export function exportTarget(record: Pick<ExportRecord, 'estimate' | 'max_items' | 'max_credits' | 'unit_price'>): number | null {
  if (record.estimate) return record.estimate.items;
  const byCredits = record.max_credits !== null && record.unit_price > 0 ? Math.floor(record.max_credits / record.unit_price) : null;
  if (record.max_items !== null && byCredits !== null) return Math.min(record.max_items, byCredits);
  return record.max_items ?? byCredits;
}

const rounded = (value: number) => Math.round(value * 10) / 10;

/**
 * An export's rate and time left, from samples of its item count as a stream watches it: items
 * per second over the last RATE_WINDOW_MS of samples; until the window spans a second, the
 * average since the export started. A paused or queued export has rate 0 and no ETA; a finished
 * one its average over the whole run and ETA 0.
 */
export class ExportRate {
  private samples: Sample[] = [];

  /** Adds a sample of the export as read at `now` (ms) and answers the progress to send. */
  observe(record: ExportRecord, now: number): ExportProgress {
    this.samples.push({ at: now, items: record.items });
    while (this.samples.length > MAX_SAMPLES || (this.samples.length > 2 && now - this.samples[1].at >= RATE_WINDOW_MS)) this.samples.shift();
    if (exportFinished(record)) return { export: record, items_per_second: averageRate(record, now), eta_seconds: record.status === 'completed' ? 0 : null };
    if (record.status !== 'running') return { export: record, items_per_second: 0, eta_seconds: null };
    const rate = this.windowRate() ?? averageRate(record, now);
    const target = exportTarget(record);
    const eta = rate !== null && rate > 0 && target !== null && target >= record.items ? Math.ceil((target - record.items) / rate) : null;
    return { export: record, items_per_second: rate === null ? null : rounded(rate), eta_seconds: eta };
  }

  private windowRate(): number | null {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    const span = last.at - first.at;
    if (span < 1_000) return null;
    return Math.max(0, (last.items - first.items) / (span / 1000));
  }
}

/** Items per second from the export's start to its end (or to `now`); null before it started. */
function averageRate(record: ExportRecord, now: number): number | null {
  if (!record.started_at) return null;
  const end = record.finished_at ? Date.parse(record.finished_at) : now;
  const seconds = (end - Date.parse(record.started_at)) / 1000;
  if (seconds <= 0) return null;
  return rounded(record.items / seconds);
}

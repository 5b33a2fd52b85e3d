import { callV2, type V2Outcome } from '@/components/dashboard/call-v2';
import type { ExportRecord } from '@/lib/exports/export-record';
import type { EstimateView } from '@/lib/exports/export-words';

// The Exports page talks to /v2/exports (paths below are relative to /v2) through the dashboard's session mount (callV2): the
// same operations, checks and answers as a key gets. All of them are free.

export const EXPORTS_QUERY_KEY = ['exports'] as const;
export const exportQueryKey = (id: string) => ['exports', id] as const;

/** How often an unfinished export is asked for its state while no event stream tells it. */
export const POLL_MS = 2_000;
/** How often the whole list is refreshed (exports started elsewhere: a key, another tab). */
export const LIST_POLL_MS = 10_000;

/** What POST /v2/exports and its estimate take. */
export type ExportRequest = { operation: string; params: Record<string, unknown>; format: 'jsonl' | 'csv'; max_items?: number; max_credits?: number };

async function unwrap<T>(outcome: Promise<V2Outcome<T>>): Promise<T> {
  const answer = await outcome;
  if (!answer.ok) throw new Error(answer.message);
  return answer.data;
}

/** The workspace's exports, newest first. */
export function fetchExports(count: number): Promise<ExportRecord[]> {
  return unwrap(callV2<ExportRecord[]>('GET', `exports?count=${count}`));
}

/** One export as it is now. */
export function fetchExport(id: string): Promise<ExportRecord> {
  return unwrap(callV2<ExportRecord>('GET', `exports/${encodeURIComponent(id)}`));
}

/** What the export would return and cost; the API's refusal (a bad field) as the outcome. */
export function estimateExport(request: ExportRequest): Promise<V2Outcome<EstimateView>> {
  return callV2<EstimateView>('POST', 'exports/estimate', { body: request });
}

/** Starts the export (queued at once; the runner takes it from there). */
export function createExport(request: ExportRequest): Promise<V2Outcome<ExportRecord>> {
  return callV2<ExportRecord>('POST', 'exports', { body: request });
}

export function cancelExport(id: string): Promise<V2Outcome<ExportRecord>> {
  return callV2<ExportRecord>('POST', `exports/${encodeURIComponent(id)}/cancel`);
}

export function deleteExport(id: string): Promise<V2Outcome<{ id: string; deleted: true }>> {
  return callV2<{ id: string; deleted: true }>('DELETE', `exports/${encodeURIComponent(id)}`);
}

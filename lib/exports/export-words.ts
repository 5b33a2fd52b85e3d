import type { ExportRecord } from './export-record';

// How the Exports page says an export's estimate, state and pause in words.

/** The estimate as POST /v2/exports/estimate answers it (ExportEstimate). */
export type EstimateView = { items: number | null; credits: number | null; basis: string | null; at_most: { items: number; credits: number } | null };

const number = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${number(n)} ${n === 1 ? one : many}`;

/** "About 48,210 items, 48,210 credits", or for a source without a total what the limits allow. */
export function estimateSentence(estimate: EstimateView): string {
  if (estimate.items !== null && estimate.credits !== null) {
    return `About ${plural(estimate.items, 'item', 'items')}, ${plural(estimate.credits, 'credit', 'credits')}`;
  }
  if (estimate.at_most) return `The source does not tell its total; at most ${plural(estimate.at_most.credits, 'credit', 'credits')} with your limits`;
  return 'The source does not tell its total; no limit set: it runs until the source has no more';
}

const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/** Why a paused export waits and when it goes on, in words; null when it is not paused. */
export function pauseSentence(job: Pick<ExportRecord, 'status' | 'paused_reason' | 'resume_at'>): string | null {
  if (job.status !== 'paused' || !job.paused_reason) return null;
  const time = job.resume_at ? `${TIME.format(new Date(job.resume_at))} UTC` : null;
  switch (job.paused_reason) {
    case 'insufficient_credits':
      return 'Paused: out of credits — it goes on by itself after a top-up';
    case 'key_limit_reached':
      return `Paused: the key's spending limit is reached — it goes on by itself when the limit allows${time ? ` (at ${time})` : ''}`;
    case 'key_budget_reached':
      return `Paused: the key's budget is spent — it goes on by itself when the budget resets${time ? ` at ${time}` : ''}`;
    case 'workspace_budget_reached':
      return `Paused: the workspace's budget is spent — it goes on by itself when the budget resets${time ? ` at ${time}` : ''}`;
    case 'rate_limited':
      return `Waiting for the upstream's rate limit ${time ? `until ${time}` : 'to reset'}`;
    case 'upstream_unavailable':
      return `Waiting for the upstream, which is unavailable: retrying${time ? ` at ${time}` : ''}`;
    default:
      return `Paused: ${String(job.paused_reason).replaceAll('_', ' ')}`;
  }
}

/** A finished export's end in words: why it stopped, or its error. */
export function endSentence(job: Pick<ExportRecord, 'status' | 'stop_reason' | 'error'>): string | null {
  if (job.status === 'failed') return job.error ? `Failed: ${job.error.message}` : 'Failed';
  if (job.status === 'cancelled') return 'Cancelled: the file keeps what was written';
  if (job.status !== 'completed') return null;
  if (job.stop_reason === 'max_items') return 'Completed: stopped at max items';
  if (job.stop_reason === 'max_credits') return 'Completed: stopped at max credits';
  return 'Completed: everything the source had';
}

/** Whether an export may still change (and be followed or cancelled). */
export function isUnfinished(status: ExportRecord['status']): boolean {
  return status === 'queued' || status === 'running' || status === 'paused';
}

/** A duration in seconds as people read an ETA: "45 s", "3 min", "2 h 10 min". */
export function durationWords(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** A file size: "812 B", "4.2 MB". */
export function sizeWords(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

import { lastDays } from '@/lib/dashboard/days';

// What /admin/margin (and its report) is asked for: a range of UTC days, the days usage_daily
// files calls under, and optionally one platform, one operation, one workspace.

export type MarginFilters = {
  /** First day, `YYYY-MM-DD` (UTC), included. */
  from: string;
  /** Last day, `YYYY-MM-DD` (UTC), included. */
  to: string;
  platform?: string;
  operation?: string;
  /** A workspace's id or slug. */
  workspace?: string;
};

export const DEFAULT_MARGIN_DAYS = 30;
/** The longest range asked in one go: a chart of more days than this is unreadable anyway. */
export const MAX_MARGIN_DAYS = 400;

export class MarginFilterError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function parseDay(field: string, raw: string): string {
  const at = new Date(`${raw}T00:00:00Z`);
  if (!DAY.test(raw) || Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== raw) {
    throw new MarginFilterError(field, `${field} must be a date (YYYY-MM-DD)`);
  }
  return raw;
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The filters from a query string (`from`, `to`, `platform`, `operation`, `workspace`); empty
 * values are no filter. Without dates: the last 30 days, today (UTC) included.
 */
export function parseMarginFilters(params: URLSearchParams, now: Date = new Date()): MarginFilters {
  const value = (name: string) => params.get(name)?.trim() || undefined;
  const defaults = lastDays(DEFAULT_MARGIN_DAYS, now);
  const toRaw = value('to');
  const to = toRaw ? parseDay('to', toRaw) : defaults[defaults.length - 1];
  const fromRaw = value('from');
  // A "to" alone keeps the default length, ending there.
  const from = fromRaw ? parseDay('from', fromRaw) : lastDays(DEFAULT_MARGIN_DAYS, new Date(`${to}T00:00:00Z`))[0];
  if (from > to) throw new MarginFilterError('to', '"to" must not be before "from"');
  if (daysBetween(from, to) > MAX_MARGIN_DAYS) throw new MarginFilterError('from', `a range covers at most ${MAX_MARGIN_DAYS} days`);
  return { from, to, platform: value('platform'), operation: value('operation'), workspace: value('workspace') };
}

/** Every day of the range, oldest first. */
export function rangeDays(filters: Pick<MarginFilters, 'from' | 'to'>): string[] {
  return lastDays(daysBetween(filters.from, filters.to), new Date(`${filters.to}T00:00:00Z`));
}

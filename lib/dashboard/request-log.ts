import type { UsageSource } from '@/lib/credits/types';
import { readRequestLog, STATUS_RANGES, type LoggedRequest, type RequestLogCursor, type RequestLogFilters, type StatusClass } from '@/lib/usage/request-log-query';
import { ALL_SOURCES } from './call-source';

// The query lives in lib/usage, shared with GET /v2/usage/events; this module parses the
// Requests page's filters and encodes the page's own cursors.
export { getRequest, NO_KEY, DEFAULT_PAGE_SIZE } from '@/lib/usage/request-log-query';
export type { LoggedRequest, LoggedRequestDetail, RequestLogCursor, RequestLogFilters, StatusClass } from '@/lib/usage/request-log-query';

/** Operations the log holds beside the routed /v2 ones, with what they are, for the filter. */
export const UNROUTED_OPERATIONS: ReadonlyArray<{ id: string; label: string }> = [
  { id: 'deliverMatch', label: 'deliverMatch (a rule match delivered)' },
  { id: 'unmatchedRoute', label: 'unmatchedRoute (no such path)' },
];

export type RequestLogPage = { requests: LoggedRequest[]; next: string | null };

/** Thrown for a filter the log cannot take; the routes answer it as a 400 with its message. */
export class RequestLogFilterError extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
    this.name = 'RequestLogFilterError';
  }
}

const MINUTE = 60_000;
/** The `within` filter's spans: the calls of the last 15 minutes, hour, day or week. */
export const WITHIN: Record<string, number> = { '15m': 15 * MINUTE, '1h': 60 * MINUTE, '24h': 24 * 60 * MINUTE, '7d': 7 * 24 * 60 * MINUTE };

const MAX_PAGE_SIZE = 200;

/**
 * The filters from a query string (`key`, `source`, `operation`, `status`, `from`, `to`,
 * `within`, `cursor`, `limit`); empty values are no filter. `key=none` selects calls made
 * without a key; `within` (15m, 1h, 24h, 7d) keeps the calls of that span before `now`. Dates are `YYYY-MM-DD` (UTC; `to` includes its whole
 * day) or ISO timestamps.
 */
export function parseRequestLogFilters(params: URLSearchParams, now: Date = new Date()): RequestLogFilters {
  const value = (name: string) => params.get(name)?.trim() || undefined;
  const filters: RequestLogFilters = { keyId: value('key'), operation: value('operation') };
  const source = value('source');
  if (source !== undefined) {
    if (!(ALL_SOURCES as readonly string[]).includes(source)) throw new RequestLogFilterError('source', `source must be one of ${ALL_SOURCES.join(', ')}`);
    filters.source = source as UsageSource;
  }
  const status = value('status');
  if (status !== undefined) {
    if (!(status in STATUS_RANGES)) throw new RequestLogFilterError('status', 'status must be 2xx, 4xx or 5xx');
    filters.statusClass = status as StatusClass;
  }
  const within = value('within');
  if (within !== undefined) {
    const span = Object.hasOwn(WITHIN, within) ? WITHIN[within] : undefined;
    if (span === undefined) throw new RequestLogFilterError('within', `within must be one of ${Object.keys(WITHIN).join(', ')}`);
    filters.from = new Date(now.getTime() - span);
  }
  const from = value('from');
  // A date given beside "within" narrows it further: the later bound wins.
  if (from) {
    const at = parseTime('from', from, false);
    if (!filters.from || at > filters.from) filters.from = at;
  }
  const to = value('to');
  if (to) filters.to = parseTime('to', to, true);
  if (filters.from && filters.to && filters.from >= filters.to) throw new RequestLogFilterError('to', '"to" must be after "from"');
  const cursor = value('cursor');
  if (cursor) filters.before = decodeCursor(cursor);
  const limit = value('limit');
  if (limit !== undefined) {
    const n = Number(limit);
    if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE_SIZE) throw new RequestLogFilterError('limit', `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
    filters.limit = n;
  }
  return filters;
}

function parseTime(field: string, raw: string, endOfDay: boolean): Date {
  const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(raw);
  const at = new Date(dayOnly ? `${raw}T00:00:00Z` : raw);
  if (Number.isNaN(at.getTime())) throw new RequestLogFilterError(field, `${field} must be a date (YYYY-MM-DD) or an ISO timestamp`);
  // A day given as the upper bound includes that whole day.
  if (dayOnly && endOfDay) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

// The cursor names the last row shown: its time (to the microsecond, as stored) and id, the
// same order as the query, so pages neither skip nor repeat calls recorded in between.
export function encodeCursor(cursor: RequestLogCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');
}

/** The position a cursor of this log names; a RequestLogFilterError for one it did not give out. */
export function decodeCursor(raw: string): RequestLogCursor {
  const [at, id, extra] = Buffer.from(raw, 'base64url').toString().split('|');
  if (extra !== undefined || !at || !id || !/^\d{1,19}$/.test(id) || Number.isNaN(new Date(at).getTime())) {
    throw new RequestLogFilterError('cursor', 'cursor is not one this page gave out');
  }
  return { at, id };
}

/** A page of an account's calls, newest first, with the cursor of the next page (null at the end). */
export async function listRequests(userId: string, filters: RequestLogFilters = {}): Promise<RequestLogPage> {
  const { requests, after } = await readRequestLog(userId, filters);
  return { requests, next: after ? encodeCursor(after) : null };
}

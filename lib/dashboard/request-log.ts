import type { UsageSource } from '@/lib/credits/types';
import { getPool } from '@/lib/db/pool';
import { ALL_SOURCES } from './call-source';

/** The `key` filter's value for calls made without a key (from the dashboard). */
export const NO_KEY = 'none';

/** Operations the log holds beside the routed /v2 ones, with what they are, for the filter. */
export const UNROUTED_OPERATIONS: ReadonlyArray<{ id: string; label: string }> = [
  { id: 'deliverMatch', label: 'deliverMatch (a rule match delivered)' },
  { id: 'unmatchedRoute', label: 'unmatchedRoute (no such path)' },
];

/** One call in the request log (the dashboard's Requests page). */
export type LoggedRequest = {
  requestId: string;
  at: string;
  keyId: string | null;
  /** The key's name; null for calls made from the dashboard without a key. */
  keyName: string | null;
  operation: string;
  status: number;
  items: number;
  credits: number;
  latencyMs: number;
  source: string;
  errorCode: string | null;
  errorMessage: string | null;
};

/** A call with what it was sent: the detail view. */
export type LoggedRequestDetail = LoggedRequest & { params: Record<string, unknown> | null };

export type StatusClass = '2xx' | '4xx' | '5xx';

export type RequestLogFilters = {
  /** A key's id, or NO_KEY for the calls made from the dashboard without a key. */
  keyId?: string;
  /** Where the calls came from: `api` or a dashboard page (lib/dashboard/call-source.ts). */
  source?: UsageSource;
  operation?: string;
  statusClass?: StatusClass;
  /** Inclusive lower bound on the call's time. */
  from?: Date;
  /** Exclusive upper bound on the call's time. */
  to?: Date;
  /** The keyset position: calls strictly older than this one. */
  before?: RequestLogCursor;
  limit?: number;
};

export type RequestLogCursor = { at: string; id: string };
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

const STATUS_RANGES: Record<StatusClass, [number, number]> = { '2xx': [200, 299], '4xx': [400, 499], '5xx': [500, 599] };
export const DEFAULT_PAGE_SIZE = 50;
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

const COLUMNS = `e.id::text, e.request_id, e.created_at, to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at_exact,
  e.key_id, k.name AS key_name, e.operation, e.status, e.items, e.credits::text, e.latency_ms, e.source, e.error_code, e.error_message`;

type Row = {
  id: string;
  request_id: string;
  created_at: Date;
  at_exact: string;
  key_id: string | null;
  key_name: string | null;
  operation: string;
  status: number;
  items: number;
  credits: string;
  latency_ms: number;
  source: string;
  error_code: string | null;
  error_message: string | null;
  params?: Record<string, unknown> | null;
};

function toRequest(r: Row): LoggedRequest {
  return {
    requestId: r.request_id,
    at: r.created_at.toISOString(),
    keyId: r.key_id,
    keyName: r.key_name,
    operation: r.operation,
    status: r.status,
    items: r.items,
    credits: Number(r.credits),
    latencyMs: r.latency_ms,
    source: r.source,
    errorCode: r.error_code,
    errorMessage: r.error_message,
  };
}

/** A page of an account's calls, newest first, with the cursor of the next page (null at the end). */
export async function listRequests(userId: string, filters: RequestLogFilters = {}): Promise<RequestLogPage> {
  const where = ['e.user_id = $1'];
  const values: unknown[] = [userId];
  const bind = (value: unknown) => `$${values.push(value)}`;
  if (filters.keyId === NO_KEY) where.push('e.key_id IS NULL');
  else if (filters.keyId) where.push(`e.key_id = ${bind(filters.keyId)}`);
  if (filters.source) where.push(`e.source = ${bind(filters.source)}`);
  if (filters.operation) where.push(`e.operation = ${bind(filters.operation)}`);
  if (filters.statusClass) {
    const [low, high] = STATUS_RANGES[filters.statusClass];
    where.push(`e.status BETWEEN ${bind(low)} AND ${bind(high)}`);
  }
  if (filters.from) where.push(`e.created_at >= ${bind(filters.from)}`);
  if (filters.to) where.push(`e.created_at < ${bind(filters.to)}`);
  if (filters.before) where.push(`(e.created_at, e.id) < (${bind(filters.before.at)}::timestamptz, ${bind(filters.before.id)}::bigint)`);
  const limit = filters.limit ?? DEFAULT_PAGE_SIZE;
  const sql = `SELECT ${COLUMNS} FROM usage_events e LEFT JOIN api_keys k ON k.id = e.key_id
    WHERE ${where.join(' AND ')} ORDER BY e.created_at DESC, e.id DESC LIMIT ${bind(limit + 1)}`;
  const { rows } = await getPool().query<Row>(sql, values);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { requests: shown.map(toRequest), next: rows.length > limit && last ? encodeCursor({ at: last.at_exact, id: last.id }) : null };
}

/** One call of the account by its request id (the `x-request-id` a user pastes), with its parameters; null when not found. */
export async function getRequest(userId: string, requestId: string): Promise<LoggedRequestDetail | null> {
  const { rows } = await getPool().query<Row>(
    `SELECT ${COLUMNS}, e.params FROM usage_events e LEFT JOIN api_keys k ON k.id = e.key_id
     WHERE e.user_id = $1 AND e.request_id = $2 ORDER BY e.id LIMIT 1`,
    [userId, requestId.trim()],
  );
  const row = rows[0];
  return row ? { ...toRequest(row), params: row.params ?? null } : null;
}

import type { UsageSource } from '@/lib/credits/types';
import { getPool } from '@/lib/db/pool';

// The request log's query over usage_events: the dashboard's Requests page
// (lib/dashboard/request-log.ts, which parses its filters and encodes its own cursors) and
// GET /v2/usage/events (signed /v2 cursors) both page through it, so they list the same calls.

/** The `key` filter's value for calls made without a key (from the dashboard). */
export const NO_KEY = 'none';

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

/** A call with its detail and the platform that served it, as GET /v2/usage/events lists them. */
export type LoggedRequestWithParams = LoggedRequestDetail & { platform: string };

export type StatusClass = '2xx' | '4xx' | '5xx';

export const STATUS_RANGES: Record<StatusClass, [number, number]> = { '2xx': [200, 299], '4xx': [400, 499], '5xx': [500, 599] };

/** The keyset position: the time (to the microsecond, as text) and id of the last call shown. */
export type RequestLogCursor = { at: string; id: string };

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

export const DEFAULT_PAGE_SIZE = 50;

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
  platform?: string;
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

/** A page of the log and the position after its last call, or null when nothing older is left. */
export type RequestLogRows<T> = { requests: T[]; after: RequestLogCursor | null };

async function queryRequestLog(userId: string, filters: RequestLogFilters, detail: boolean): Promise<{ rows: Row[]; after: RequestLogCursor | null }> {
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
  // The parameters (up to 4 KiB a call) only when asked for: the dashboard's list leaves them to the detail view.
  const columns = detail ? `${COLUMNS}, e.params, e.platform` : COLUMNS;
  const sql = `SELECT ${columns} FROM usage_events e LEFT JOIN api_keys k ON k.id = e.key_id
    WHERE ${where.join(' AND ')} ORDER BY e.created_at DESC, e.id DESC LIMIT ${bind(limit + 1)}`;
  const { rows } = await getPool().query<Row>(sql, values);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { rows: shown, after: rows.length > limit && last ? { at: last.at_exact, id: last.id } : null };
}

/** A page of a workspace's calls, newest first, keyset-paged on (created_at, id). */
export async function readRequestLog(userId: string, filters: RequestLogFilters = {}): Promise<RequestLogRows<LoggedRequest>> {
  const { rows, after } = await queryRequestLog(userId, filters, false);
  return { requests: rows.map(toRequest), after };
}

/** The same page with each call's parameters (never secrets: lib/metering/request-params.ts) and platform. */
export async function readRequestLogWithParams(userId: string, filters: RequestLogFilters = {}): Promise<RequestLogRows<LoggedRequestWithParams>> {
  const { rows, after } = await queryRequestLog(userId, filters, true);
  return { requests: rows.map((r) => ({ ...toRequest(r), params: r.params ?? null, platform: r.platform ?? 'unknown' })), after };
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

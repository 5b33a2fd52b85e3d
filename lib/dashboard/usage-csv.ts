import { getPool } from '@/lib/db/pool';
import { csvLine } from './csv';
import type { RangeDays } from './days';
import type { OperationUsage } from './get-usage';
import { DASHBOARD_CALLS, sourceLabel } from './call-source';

/** The per-operation table as CSV. */
export function operationsCsv(operations: readonly OperationUsage[]): string {
  const header = csvLine(['operation', 'tag', 'calls', 'items', 'credits', 'errors', 'error_rate', 'p50_latency_ms']);
  return header + operations.map((o) => csvLine([o.operation, o.tag, o.calls, o.items, o.credits, o.errors, Number(o.errorRate.toFixed(4)), o.p50LatencyMs])).join('');
}

const EVENTS_HEADER = ['time', 'request_id', 'operation', 'tag', 'status', 'items', 'credits', 'latency_ms', 'source', 'key_id', 'key_name'];
const BATCH = 5_000;

// Keyset pages over (created_at, id), which the (user_id, created_at) index serves in order.
const EVENTS_SQL = `
  SELECT e.id::text, e.created_at, e.request_id, e.operation, e.tag, e.status, e.items, e.credits::text, e.latency_ms, e.source, e.key_id, k.name AS key_name
  FROM usage_events e LEFT JOIN api_keys k ON k.id = e.key_id
  WHERE e.user_id = $1
    AND e.created_at >= ((now() AT TIME ZONE 'UTC')::date - ($2::int - 1))::timestamp AT TIME ZONE 'UTC'
    AND (e.created_at, e.id) > ($3::timestamptz, $4::bigint)
  ORDER BY e.created_at, e.id
  LIMIT ${BATCH}`;

type EventRow = {
  id: string;
  created_at: Date;
  request_id: string;
  operation: string;
  tag: string;
  status: number;
  items: number;
  credits: string;
  latency_ms: number;
  source: string;
  key_id: string | null;
  key_name: string | null;
};

/** Every usage event of the range as a CSV stream, oldest first, read in batches. */
export function usageEventsCsv(userId: string, range: RangeDays): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: { at: Date; id: string } | null = { at: new Date(0), id: '0' };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvLine(EVENTS_HEADER)));
    },
    async pull(controller) {
      if (!after) return;
      const { rows } = await getPool().query<EventRow>(EVENTS_SQL, [userId, range, after.at, after.id]);
      const text = rows
        .map((r) => csvLine([r.created_at.toISOString(), r.request_id, r.operation, r.tag, r.status, r.items, Number(r.credits), r.latency_ms, sourceLabel(r.source), r.key_id, r.key_name ?? (r.source === 'api' ? null : DASHBOARD_CALLS)]))
        .join('');
      if (text) controller.enqueue(encoder.encode(text));
      const last = rows.at(-1);
      after = rows.length === BATCH && last ? { at: last.created_at, id: last.id } : null;
      if (!after) controller.close();
    },
  });
}

import type { Queryable } from '@/lib/db/queryable';
import { notifyAccountEvents, storeAccountEventsCtes } from '@/lib/delivery/event-store';
import { exportRecord } from './export-record';
import type { ExportRow } from './export-store';

export const EXPORT_COMPLETED_EVENT = 'export.completed';
export const EXPORT_FAILED_EVENT = 'export.failed';

/**
 * Stores the export's end event (export.completed or export.failed, free; listable in GET
 * /v2/events) and queues it to each active endpoint of its workspace taking it, inside the
 * transaction that ends the export: one event per end, never two.
 */
export async function queueExportEnd(db: Queryable, row: ExportRow): Promise<void> {
  const event = row.status === 'completed' ? EXPORT_COMPLETED_EVENT : EXPORT_FAILED_EVENT;
  await db.query(
    `WITH ended AS (SELECT $1::text AS user_id, $2::text AS event, $3::jsonb AS data),
     ${storeAccountEventsCtes('ended', { userId: 'ended.user_id', event: 'ended.event', data: 'ended.data' })}
     SELECT count(*) FROM event_turns`,
    [row.user_id, event, JSON.stringify({ export: exportRecord(row) })],
  );
  await notifyAccountEvents(db, [row.user_id]);
}

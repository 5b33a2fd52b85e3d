import type { Queryable } from '@/lib/db/queryable';
import { wakeEndpointSql } from '@/lib/delivery/wake-endpoint';
import { exportRecord } from './export-record';
import type { ExportRow } from './export-store';

export const EXPORT_COMPLETED_EVENT = 'export.completed';
export const EXPORT_FAILED_EVENT = 'export.failed';

/**
 * Queues the export's end event (export.completed or export.failed, free) to each active endpoint
 * of its workspace, inside the transaction that ends the export: one event per end, never two.
 */
export async function queueExportEnd(db: Queryable, row: ExportRow): Promise<void> {
  const event = row.status === 'completed' ? EXPORT_COMPLETED_EVENT : EXPORT_FAILED_EVENT;
  await db.query(
    `WITH created AS (
       INSERT INTO realtime_deliveries (endpoint_id, event, data)
       SELECT e.id, $2, $3::jsonb FROM realtime_endpoints e WHERE e.user_id = $1 AND e.active
       RETURNING endpoint_id
     ) SELECT ${wakeEndpointSql('d.endpoint_id')} FROM (SELECT DISTINCT endpoint_id FROM created) d`,
    [row.user_id, event, JSON.stringify({ export: exportRecord(row) })],
  );
}

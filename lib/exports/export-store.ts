import { getPool } from '@/lib/db/pool';
import type { Queryable } from '@/lib/db/queryable';

export const EXPORT_STATUSES = ['queued', 'running', 'paused', 'completed', 'failed', 'cancelled'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
export const EXPORT_PAUSE_REASONS = ['insufficient_credits', 'key_limit_reached', 'key_budget_reached', 'workspace_budget_reached', 'rate_limited', 'upstream_unavailable'] as const;
export type ExportPauseReason = (typeof EXPORT_PAUSE_REASONS)[number];
export const EXPORT_STOP_REASONS = ['exhausted', 'max_items', 'max_credits'] as const;
export type ExportStopReason = (typeof EXPORT_STOP_REASONS)[number];
export type ExportFormat = 'jsonl' | 'csv';

/** An operation's validated inputs: its path parameters and its query (or body) values. */
export type ExportInputs = { path: Record<string, unknown>; values: Record<string, unknown> };

/** One export job as stored (exports table). */
export type ExportRow = {
  id: string;
  user_id: string;
  key_id: string | null;
  created_by: string | null;
  operation: string;
  platform: string;
  params: ExportInputs;
  format: ExportFormat;
  max_items: string | null;
  max_credits: string | null;
  unit_price: string;
  status: ExportStatus;
  paused_reason: ExportPauseReason | null;
  stop_reason: ExportStopReason | null;
  error_code: string | null;
  error_message: string | null;
  items: string;
  credits_charged: string;
  pages: number;
  position: unknown;
  file_bytes: string;
  estimate_items: string | null;
  estimate_credits: string | null;
  epoch: number;
  resume_at: Date | null;
  failing_since: Date | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  updated_at: Date;
};


/** Every column of an export row, as ExportRow types them. */
export const EXPORT_COLUMNS = `id::text, user_id, key_id, created_by, operation, platform, params, format, max_items::text, max_credits::text, unit_price::text,
  status, paused_reason, stop_reason, error_code, error_message, items::text, credits_charged::text, pages, position, file_bytes::text,
  estimate_items::text, estimate_credits::text, epoch, resume_at, failing_since, created_at, started_at, finished_at, updated_at`;

export type NewExport = {
  userId: string;
  keyId: string | null;
  createdBy: string | null;
  operation: string;
  platform: string;
  params: ExportInputs;
  format: ExportFormat;
  maxItems: number | null;
  maxCredits: number | null;
  unitPrice: number;
  estimate: { items: number; credits: number } | null;
};

/** Stores a new queued export and returns it. */
export async function insertExport(input: NewExport, db: Queryable = getPool()): Promise<ExportRow> {
  const { rows } = await db.query<ExportRow>(
    `INSERT INTO exports (user_id, key_id, created_by, operation, platform, params, format, max_items, max_credits, unit_price, estimate_items, estimate_credits)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12) RETURNING ${EXPORT_COLUMNS}`,
    [
      input.userId, input.keyId, input.createdBy, input.operation, input.platform, JSON.stringify(input.params), input.format,
      input.maxItems, input.maxCredits, input.unitPrice, input.estimate?.items ?? null, input.estimate?.credits ?? null,
    ],
  );
  return rows[0];
}

/** The workspace's export with this id, or null (another workspace's is null too). */
export async function findExport(userId: string, id: string): Promise<ExportRow | null> {
  if (!/^[0-9]{1,18}$/.test(id)) return null;
  const { rows } = await getPool().query<ExportRow>(`SELECT ${EXPORT_COLUMNS} FROM exports WHERE id = $1::bigint AND user_id = $2`, [id, userId]);
  return rows[0] ?? null;
}

/** An export by id alone, for its runner. */
export async function readExport(id: string, db: Queryable = getPool()): Promise<ExportRow | null> {
  const { rows } = await db.query<ExportRow>(`SELECT ${EXPORT_COLUMNS} FROM exports WHERE id = $1::bigint`, [id]);
  return rows[0] ?? null;
}

/** The workspace's exports, newest first, `limit` after the id `before` (keyset paging). */
export async function listExports(userId: string, options: { limit: number; before?: string | null; status?: ExportStatus | null }): Promise<ExportRow[]> {
  const { rows } = await getPool().query<ExportRow>(
    `SELECT ${EXPORT_COLUMNS} FROM exports WHERE user_id = $1 AND ($2::bigint IS NULL OR id < $2::bigint) AND ($3::text IS NULL OR status = $3)
     ORDER BY id DESC LIMIT $4`,
    [userId, options.before ?? null, options.status ?? null, options.limit],
  );
  return rows;
}

/** Cancels an unfinished export (its runner sees it at its next page and stops); the export as it is now, or null when not the workspace's. */
export async function cancelExport(userId: string, id: string): Promise<ExportRow | null> {
  if (!/^[0-9]{1,18}$/.test(id)) return null;
  const { rows } = await getPool().query<ExportRow>(
    `UPDATE exports SET status = 'cancelled', paused_reason = NULL, resume_at = NULL, finished_at = now(), updated_at = now()
     WHERE id = $1::bigint AND user_id = $2 AND status IN ('queued', 'running', 'paused') RETURNING ${EXPORT_COLUMNS}`,
    [id, userId],
  );
  return rows[0] ?? (await findExport(userId, id));
}

/** Deletes the export's record; returns it (for its file's name), or null when not the workspace's. */
export async function deleteExportRow(userId: string, id: string): Promise<ExportRow | null> {
  if (!/^[0-9]{1,18}$/.test(id)) return null;
  const { rows } = await getPool().query<ExportRow>(`DELETE FROM exports WHERE id = $1::bigint AND user_id = $2 RETURNING ${EXPORT_COLUMNS}`, [id, userId]);
  return rows[0] ?? null;
}

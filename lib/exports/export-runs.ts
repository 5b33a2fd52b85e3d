import { getPool } from '@/lib/db/pool';
import { observeExportEnded, observeExportPage } from '@/lib/observability/export-metrics';
import type { Queryable } from '@/lib/db/queryable';
import { EXPORT_COLUMNS, type ExportPauseReason, type ExportRow, type ExportStopReason } from './export-store';

/** A runner's hold on an export: the epoch it claimed, which fences every later write of it. */
export type ExportClaim = { id: string; epoch: number; owner: string };

/**
 * Claims an export for one runner: a queued one, or a running one whose lease ran out (its
 * runner died or lost its database), once any wait it is in has passed. The epoch moves on, so
 * a runner that lost its claim can commit nothing more. Null when it is not to be run now.
 */
export async function claimExport(id: string, owner: string, leaseMs: number): Promise<{ claim: ExportClaim; row: ExportRow } | null> {
  const { rows } = await getPool().query<ExportRow>(
    `UPDATE exports SET epoch = epoch + 1, lease_owner = $2, lease_until = now() + $3 * interval '1 millisecond', status = 'running',
       started_at = coalesce(started_at, now()), resume_at = NULL, updated_at = now()
     WHERE id = $1::bigint AND status IN ('queued', 'running')
       AND (lease_until IS NULL OR lease_until < now()) AND (resume_at IS NULL OR resume_at <= now())
       AND EXISTS (SELECT 1 FROM workspaces w WHERE w.id = exports.user_id AND w.deleted_at IS NULL)
     RETURNING ${EXPORT_COLUMNS}`,
    [id, owner, leaseMs],
  );
  const row = rows[0];
  return row ? { claim: { id, epoch: row.epoch, owner }, row } : null;
}

/** Thrown when the claim was taken over or the export was cancelled or deleted meanwhile: the runner stops. */
export class ExportClaimLost extends Error {
  constructor(id: string) {
    super(`export ${id} is no longer this runner's (taken over, cancelled or deleted)`);
    this.name = 'ExportClaimLost';
  }
}

const FENCE = `id = $1::bigint AND epoch = $2 AND status = 'running'`;

async function fenced(db: Queryable, claim: ExportClaim, sql: string, values: unknown[]): Promise<void> {
  const result = await db.query(`UPDATE exports SET ${sql}, updated_at = now() WHERE ${FENCE}`, [claim.id, claim.epoch, ...values]);
  if ((result.rowCount ?? 0) === 0) throw new ExportClaimLost(claim.id);
}

/**
 * Locks the export's row for the rest of the transaction, if the claim still holds: a runner
 * touches the file only under it, so one whose lease lapsed while it stalled cannot cut or
 * overwrite what the runner that took over has written (a claim waits for the lock).
 */
export async function lockClaim(db: Queryable, claim: ExportClaim): Promise<void> {
  const { rowCount } = await db.query(`SELECT 1 FROM exports WHERE ${FENCE} FOR UPDATE`, [claim.id, claim.epoch]);
  if (!rowCount) throw new ExportClaimLost(claim.id);
}

export type CommittedPage = { position: unknown; items: number; credits: number; bytes: number; leaseMs: number };

/** Records a page as done, inside the transaction that settles its charge: position, counts and file length move together. */
export async function commitPage(db: Queryable, claim: ExportClaim, page: CommittedPage): Promise<void> {
  await fenced(
    db,
    claim,
    `position = $3::jsonb, items = items + $4, credits_charged = credits_charged + $5, file_bytes = file_bytes + $6, pages = pages + 1,
     failing_since = NULL, lease_until = now() + $7 * interval '1 millisecond'`,
    [JSON.stringify(page.position ?? null), page.items, page.credits, page.bytes, page.leaseMs],
  );
  observeExportPage(page.items);
}

export type ExportEnd = { status: 'completed'; reason: ExportStopReason } | { status: 'failed'; code: string; message: string };

/**
 * Ends the export: completed (everything there was, or its max_items / max_credits) or failed
 * (the source refused it for good, or kept failing for over an hour). Returns the ended row.
 */
export async function endExport(db: Queryable, claim: ExportClaim, end: ExportEnd): Promise<ExportRow> {
  const values = end.status === 'completed' ? [end.status, end.reason, null, null] : [end.status, null, end.code, end.message];
  const { rows } = await db.query<ExportRow>(
    `UPDATE exports SET status = $3, stop_reason = $4, error_code = $5, error_message = $6, finished_at = now(), lease_owner = NULL, lease_until = NULL,
       paused_reason = NULL, resume_at = NULL, updated_at = now()
     WHERE ${FENCE} RETURNING ${EXPORT_COLUMNS}`,
    [claim.id, claim.epoch, ...values],
  );
  if (!rows[0]) throw new ExportClaimLost(claim.id);
  observeExportEnded(end.status);
  return rows[0];
}

/**
 * Pauses the export: until credits come (insufficient_credits, key_limit_reached) or until
 * `resumeAt` (a budget's reset, an upstream's rate-limit reset, a transient error's backoff).
 */
export async function pauseExport(claim: ExportClaim, reason: ExportPauseReason, resumeAt: Date | null, failing = false): Promise<void> {
  await fenced(
    getPool(),
    claim,
    `status = 'paused', paused_reason = $3, resume_at = $4, lease_owner = NULL, lease_until = NULL${failing ? ', failing_since = coalesce(failing_since, now())' : ''}`,
    [reason, resumeAt],
  );
}

/** Gives the claim up for now (its time slice ended, or the instance stops): any runner may take the export next. */
export async function releaseClaim(claim: ExportClaim): Promise<void> {
  await getPool().query(`UPDATE exports SET lease_owner = NULL, lease_until = NULL WHERE ${FENCE}`, [claim.id, claim.epoch]);
}

/**
 * Paused exports whose reason has cleared go back to the queue: a wait that has passed, a
 * balance that pays for an item again (a grant or top-up), a key limit with room again; those
 * of a closed workspace are cancelled.
 * Returns the ids of every export that should be running and has no live runner.
 */
export async function exportsToRun(): Promise<string[]> {
  const pool = getPool();
  // A closed workspace's exports never run again (claimExport refuses them): ended here, or the
  // sweeper would queue them on every pass for ever, ahead of live ones in its id order.
  await pool.query(
    `UPDATE exports e SET status = 'cancelled', paused_reason = NULL, resume_at = NULL, finished_at = now(), updated_at = now()
     WHERE e.status IN ('queued', 'running', 'paused') AND EXISTS (SELECT 1 FROM workspaces w WHERE w.id = e.user_id AND w.deleted_at IS NOT NULL)`,
  );
  await pool.query(
    `UPDATE exports e SET status = 'queued', paused_reason = NULL, resume_at = NULL, updated_at = now()
     WHERE e.status = 'paused' AND (
       (e.paused_reason NOT IN ('insufficient_credits', 'key_limit_reached') AND (e.resume_at IS NULL OR e.resume_at <= now()))
       OR (e.paused_reason = 'insufficient_credits' AND coalesce((SELECT b.balance FROM credit_balances b WHERE b.user_id = e.user_id), 0) >= greatest(e.unit_price, 1))
       OR (e.paused_reason = 'key_limit_reached' AND EXISTS (
         SELECT 1 FROM api_keys k WHERE k.id = e.key_id
           AND (k.credit_limit IS NULL OR k.credit_limit - k.credits_spent - k.credits_held - k.credits_leased >= greatest(e.unit_price, 1))))
     )`,
  );
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id::text FROM exports WHERE status IN ('queued', 'running') AND (lease_until IS NULL OR lease_until < now()) AND (resume_at IS NULL OR resume_at <= now())
     ORDER BY id LIMIT 500`,
  );
  return rows.map((row) => row.id);
}

/** Finished exports older than the retention, deleted with their record; returns them for their files. */
export async function deleteExpiredExports(retentionDays: number): Promise<Pick<ExportRow, 'id' | 'format'>[]> {
  const { rows } = await getPool().query<Pick<ExportRow, 'id' | 'format'>>(
    `DELETE FROM exports WHERE finished_at IS NOT NULL AND finished_at < now() - $1 * interval '1 day' RETURNING id::text, format`,
    [retentionDays],
  );
  return rows;
}

/** Whether the key is neither revoked nor expired (a key that no longer exists is not live). */
export async function keyIsLive(keyId: string): Promise<boolean> {
  const { rows } = await getPool().query<{ live: boolean }>(
    'SELECT revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now()) AS live FROM api_keys WHERE id = $1',
    [keyId],
  );
  return rows[0]?.live ?? false;
}

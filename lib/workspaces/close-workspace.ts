import { removeWorkspaceConnections } from '@/lib/connections/remove-workspace-connections';
import { getPool } from '@/lib/db/pool';
import { revokeWorkspaceKeys } from '@/lib/keys/revoke-keys';

/**
 * Takes a workspace out of use for good: marked deleted (the row stays, with its grants, holds
 * and usage, so the ledger still adds up and in-flight calls settle; the balance is forfeited,
 * not refunded), every key revoked, every rule paused, every webhook endpoint disabled, every
 * connected account removed, and nobody sent back to it by last_workspace_id. Members lose it
 * at once: every membership lookup skips deleted workspaces. False when it was already deleted
 * (two deletions at once: only the first does the work).
 */
export async function closeWorkspace(workspaceId: string): Promise<boolean> {
  const pool = getPool();
  // Marked first: from here on no page, route or switcher serves it.
  const { rowCount } = await pool.query(`UPDATE workspaces SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL`, [workspaceId]);
  if (!rowCount) return false;
  await revokeWorkspaceKeys(workspaceId);
  // paused_by_user: a person's act paused them. Rules paused for credits are moved too, so a
  // later grant (which resumes those) cannot wake them.
  await pool.query(
    `UPDATE realtime_rules SET status = 'paused', paused_reason = 'paused_by_user', updated_at = now()
      WHERE user_id = $1 AND paused_reason IS DISTINCT FROM 'paused_by_user'`,
    [workspaceId],
  );
  await pool.query(`UPDATE realtime_endpoints SET active = false, updated_at = now() WHERE user_id = $1 AND active`, [workspaceId]);
  await pool.query(`UPDATE users SET last_workspace_id = NULL WHERE last_workspace_id = $1`, [workspaceId]);
  await removeWorkspaceConnections(workspaceId);
  return true;
}

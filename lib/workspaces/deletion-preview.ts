import { toCredits } from '@/lib/credits/credit-amount';
import { getPool } from '@/lib/db/pool';

/** What deleting a workspace takes away, said before the owner confirms (and kept in the audit line). */
export type WorkspaceDeletionPreview = {
  id: string;
  slug: string;
  name: string;
  personal: boolean;
  /** Credits forfeited: not refunded. */
  balance: number;
  /** Keys not yet revoked: every one is revoked. */
  keys: number;
  /** Rules still running: paused. */
  rules: number;
  /** Webhook endpoints still on: disabled. */
  endpoints: number;
  /** Connected platform, Bluesky and X accounts: disconnected. */
  connections: number;
  /** People who belong to it (the owner too): all lose access. */
  members: number;
};

/** The figures for live workspace `workspaceId`, or null when it does not exist or was deleted. */
export async function workspaceDeletionPreview(workspaceId: string): Promise<WorkspaceDeletionPreview | null> {
  const { rows } = await getPool().query<{ id: string; slug: string; name: string; personal: boolean; balance: string | null; keys: number; rules: number; endpoints: number; connections: number; members: number }>(
    `SELECT w.id, w.slug, w.name, w.personal,
            (SELECT balance FROM credit_balances WHERE user_id = w.id) AS balance,
            (SELECT count(*)::int FROM api_keys WHERE user_id = w.id AND revoked_at IS NULL) AS keys,
            (SELECT count(*)::int FROM realtime_rules WHERE user_id = w.id AND status = 'active') AS rules,
            (SELECT count(*)::int FROM realtime_endpoints WHERE user_id = w.id AND active) AS endpoints,
            (SELECT count(*)::int FROM platform_connections WHERE user_id = w.id)
              + (SELECT count(*)::int FROM bluesky_connections WHERE user_id = w.id)
              + (SELECT count(*)::int FROM x_connections WHERE user_id = w.id) AS connections,
            (SELECT count(*)::int FROM workspace_members WHERE workspace_id = w.id) AS members
       FROM workspaces w WHERE w.id = $1 AND w.deleted_at IS NULL`,
    [workspaceId],
  );
  const row = rows[0];
  if (!row) return null;
  return { ...row, balance: toCredits(row.balance) };
}

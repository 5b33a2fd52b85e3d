import { getPool } from '@/lib/db/pool';
import { ROLES } from '@/lib/workspaces/roles';

export type WorkspaceListing = { id: string; slug: string; name: string; personal: boolean; members: number; balance: number; deleted_at: string | null };

/**
 * Every workspace, team ones first, each with its member count and spendable balance (leased
 * credits counted in, as lib/credits/get-balance.ts counts them). Deleted ones only with `all`.
 */
export async function listWorkspaces({ all = false } = {}): Promise<WorkspaceListing[]> {
  const { rows } = await getPool().query<{ id: string; slug: string; name: string; personal: boolean; members: number; balance: string; deleted_at: Date | null }>(
    `SELECT w.id, w.slug, w.name, w.personal, w.deleted_at,
            (SELECT count(*)::int FROM workspace_members m WHERE m.workspace_id = w.id) AS members,
            coalesce((SELECT balance FROM credit_balances b WHERE b.user_id = w.id), 0)
              + coalesce((SELECT sum(amount) FROM credit_leases l WHERE l.user_id = w.id), 0) AS balance
       FROM workspaces w
      WHERE $1 OR w.deleted_at IS NULL
      ORDER BY w.personal, w.slug`,
    [all],
  );
  return rows.map((row) => ({ ...row, balance: Number(row.balance), deleted_at: row.deleted_at?.toISOString() ?? null }));
}

export type MemberListing = { email: string; role: string; since: string };

/** The people in a workspace, owners first, then by email. */
export async function listMembers(workspaceId: string): Promise<MemberListing[]> {
  const { rows } = await getPool().query<{ email: string; role: string; since: Date }>(
    `SELECT u.email, m.role, m.created_at AS since FROM workspace_members m JOIN users u ON u.id = m.user_id
      WHERE m.workspace_id = $1
      ORDER BY array_position($2::text[], m.role), u.email`,
    [workspaceId, ROLES],
  );
  return rows.map((row) => ({ email: row.email, role: row.role, since: row.since.toISOString() }));
}

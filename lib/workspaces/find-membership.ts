import { getPool } from '@/lib/db/pool';
import { isRole, type Role } from './roles';

export type WorkspaceRef = { id: string; slug: string; name: string; personal: boolean };
export type Membership = { workspace: WorkspaceRef; role: Role };

const COLUMNS = `w.id, w.slug, w.name, w.personal, m.role`;
type Row = { id: string; slug: string; name: string; personal: boolean; role: string };

function toMembership(row: Row | undefined): Membership | null {
  if (!row || !isRole(row.role)) return null;
  return { workspace: { id: row.id, slug: row.slug, name: row.name, personal: row.personal }, role: row.role };
}

/**
 * The person's membership of the workspace `slug`; null when there is no such workspace, it was
 * deleted, or they are not a member (all three look alike to the caller: a 404).
 */
export async function membershipBySlug(userId: string, slug: string): Promise<Membership | null> {
  const { rows } = await getPool().query<Row>(
    `SELECT ${COLUMNS} FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
      WHERE m.user_id = $1 AND w.slug = $2 AND w.deleted_at IS NULL`,
    [userId, slug],
  );
  return toMembership(rows[0]);
}

/**
 * Where a person goes when the URL names no workspace: the one they last worked in, else their
 * personal one, else the oldest they belong to.
 */
export async function defaultMembership(userId: string): Promise<Membership | null> {
  const { rows } = await getPool().query<Row>(
    `SELECT ${COLUMNS} FROM workspace_members m
       JOIN workspaces w ON w.id = m.workspace_id
       JOIN users u ON u.id = m.user_id
      WHERE m.user_id = $1 AND w.deleted_at IS NULL
      ORDER BY (w.id = u.last_workspace_id) DESC, w.personal DESC, m.created_at, w.id
      LIMIT 1`,
    [userId],
  );
  return toMembership(rows[0]);
}

/** Every workspace the person belongs to, for the header's switcher. */
export async function listMemberships(userId: string): Promise<Membership[]> {
  const { rows } = await getPool().query<Row>(
    `SELECT ${COLUMNS} FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
      WHERE m.user_id = $1 AND w.deleted_at IS NULL
      ORDER BY w.personal DESC, lower(w.name), w.id`,
    [userId],
  );
  return rows.map(toMembership).filter((m): m is Membership => m !== null);
}

/** Remembers the workspace a person opened, so an unprefixed /dashboard goes back to it. */
export async function rememberWorkspace(userId: string, workspaceId: string): Promise<void> {
  await getPool().query(`UPDATE users SET last_workspace_id = $2 WHERE id = $1 AND last_workspace_id IS DISTINCT FROM $2`, [userId, workspaceId]);
}

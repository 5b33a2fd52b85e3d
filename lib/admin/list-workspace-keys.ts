import { getPool } from '@/lib/db/pool';
import { formatKeyDisplay } from '@/lib/keys/key-format';

export type KeyListing = { id: string; name: string; prefix: string; scopes: string[]; created_by: string | null; created_at: string; last_used_at: string | null; revoked_at: string | null };

/** A workspace's keys, newest first, with who issued each (their email); revoked ones only with `all`. */
export async function listWorkspaceKeys(workspaceId: string, { all = false } = {}): Promise<KeyListing[]> {
  const { rows } = await getPool().query<{ id: string; name: string; key_start: string; key_end: string; scopes: string[] | null; created_by: string | null; created_at: Date; last_used_at: Date | null; revoked_at: Date | null }>(
    `SELECT k.id, k.name, k.key_start, k.key_end, k.scopes, u.email AS created_by, k.created_at, k.last_used_at, k.revoked_at
       FROM api_keys k LEFT JOIN users u ON u.id = k.created_by
      WHERE k.user_id = $1 AND ($2 OR k.revoked_at IS NULL)
      ORDER BY k.created_at DESC, k.id`,
    [workspaceId, all],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: formatKeyDisplay({ keyStart: row.key_start, keyEnd: row.key_end }),
    scopes: row.scopes ?? [],
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  }));
}

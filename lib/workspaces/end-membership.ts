import type pg from 'pg';
import { sharedKeyCache } from '@/lib/keys/key-cache';
import { publishKeyInvalidation } from '@/lib/keys/key-invalidation';

/**
 * Takes a person out of a workspace: every page and route checks membership on each request, so
 * their access ends with this row. An unprefixed /dashboard no longer sends them back to it.
 */
export async function endMembership(client: pg.PoolClient, workspaceId: string, userId: string): Promise<void> {
  await client.query(`DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2`, [workspaceId, userId]);
  await client.query(`UPDATE users SET last_workspace_id = NULL WHERE id = $1 AND last_workspace_id = $2`, [userId, workspaceId]);
}

/** Revokes the usable keys a person issued in a workspace; returns their hashes for the caches. */
export async function revokeKeysIssuedBy(client: pg.PoolClient, workspaceId: string, userId: string): Promise<string[]> {
  const { rows } = await client.query<{ key_hash: string }>(
    `UPDATE api_keys SET revoked_at = now() WHERE user_id = $1 AND created_by = $2 AND revoked_at IS NULL RETURNING key_hash`,
    [workspaceId, userId],
  );
  return rows.map((row) => row.key_hash);
}

/** After the commit: this instance refuses the keys at once, the others when the broadcast reaches them. */
export async function forgetRevokedKeys(hashes: string[]): Promise<void> {
  for (const hash of hashes) {
    sharedKeyCache().drop(hash);
    await publishKeyInvalidation(hash);
  }
}

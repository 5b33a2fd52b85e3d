import { getPool } from '@/lib/db/pool';
import { sharedKeyCache } from './key-cache';
import { publishKeyInvalidation } from './key-invalidation';

/**
 * Revokes every live key of a workspace (`createdBy`: only those that person issued) in one
 * statement; returns how many. As revokeKey: this instance refuses them at once, others when
 * api_keys' change notification or the Redis broadcast reaches them.
 */
export async function revokeWorkspaceKeys(workspaceId: string, createdBy?: string): Promise<number> {
  const { rows } = await getPool().query<{ key_hash: string; previous_key_hash: string | null }>(
    `UPDATE api_keys SET revoked_at = now()
      WHERE user_id = $1 AND revoked_at IS NULL AND ($2::text IS NULL OR created_by = $2)
      RETURNING key_hash, previous_key_hash`,
    [workspaceId, createdBy ?? null],
  );
  const cache = sharedKeyCache();
  for (const row of rows) {
    for (const hash of [row.key_hash, row.previous_key_hash]) {
      if (!hash) continue;
      cache.drop(hash);
      await publishKeyInvalidation(hash);
    }
  }
  return rows.length;
}

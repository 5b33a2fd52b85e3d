import { getPool } from '@/lib/db/pool';
import { sharedKeyCache } from './key-cache';
import { hashApiKey, isWellFormedKey } from './key-format';
import { publishKeyInvalidation } from './key-invalidation';

// coalesce keeps the first revocation time when a key is revoked twice.
const REVOKE_BY_ID_SQL = `
  UPDATE api_keys SET revoked_at = coalesce(revoked_at, now())
  WHERE id = $1 AND ($2::text IS NULL OR user_id = $2)
  RETURNING key_hash`;
const REVOKE_BY_HASH_SQL = `
  UPDATE api_keys SET revoked_at = coalesce(revoked_at, now())
  WHERE key_hash = $1 AND ($2::text IS NULL OR user_id = $2)
  RETURNING key_hash`;

/**
 * Revokes a key given its id or the raw key, restricted to `userId`'s keys when given. Returns
 * false when there is no such key. Idempotent. This instance stops accepting the key at once;
 * others when the database's notification (key-change-listener.ts) or the Redis broadcast
 * reaches them, whichever comes first.
 */
export async function revokeKey(idOrKey: string, userId?: string): Promise<boolean> {
  const byKey = isWellFormedKey(idOrKey);
  const { rows } = await getPool().query<{ key_hash: string }>(
    byKey
      ? { name: 'perch_keys_revoke_by_hash', text: REVOKE_BY_HASH_SQL, values: [hashApiKey(idOrKey), userId ?? null] }
      : { name: 'perch_keys_revoke_by_id', text: REVOKE_BY_ID_SQL, values: [idOrKey, userId ?? null] },
  );
  const row = rows[0];
  if (!row) return false;
  sharedKeyCache().drop(row.key_hash);
  await publishKeyInvalidation(row.key_hash);
  return true;
}

import { getPool } from '@/lib/db/pool';

export type DeleteKeyResult = { ok: true } | { ok: false; notFound: true } | { ok: false; notRevoked: true };

/**
 * Deletes one of the account's revoked keys for good (an active key must be revoked first, so a
 * key in use never vanishes by one click). Its usage history stays, without the key's name.
 */
export async function deleteRevokedKey(userId: string, keyId: string): Promise<DeleteKeyResult> {
  const { rowCount } = await getPool().query('DELETE FROM api_keys WHERE id = $1 AND user_id = $2 AND revoked_at IS NOT NULL', [keyId, userId]);
  if (rowCount) return { ok: true };
  const { rows } = await getPool().query('SELECT 1 FROM api_keys WHERE id = $1 AND user_id = $2', [keyId, userId]);
  return rows.length > 0 ? { ok: false, notRevoked: true } : { ok: false, notFound: true };
}

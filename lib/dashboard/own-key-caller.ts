import type { Caller } from '@/lib/api/define-operation';
import { getPool } from '@/lib/db/pool';
import type { DashboardSource } from './call-source';

/**
 * The caller for a dashboard call made as one of the account's own usable keys: rules belong to
 * a key, and the dashboard never holds a key's secret. Null for another account's key, or one
 * revoked or expired (its rules match nothing any more; deleting the key removes them).
 * `source` is the dashboard page that called (the Rules page, by default).
 */
export async function ownKeyCaller(userId: string, keyId: string, source: DashboardSource = 'rules'): Promise<Caller | null> {
  const { rows } = await getPool().query<{ id: string; scopes: string[] }>(
    `SELECT id, scopes FROM api_keys WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
    [keyId, userId],
  );
  const key = rows[0];
  return key ? { userId, keyId: key.id, scopes: key.scopes, source } : null;
}

import type pg from 'pg';
import { getPool } from '@/lib/db/pool';

/** Revokes a grant: every access and refresh token issued under it stops working at once. */
export async function revokeGrant(grantId: string, db: pg.ClientBase | pg.Pool = getPool()): Promise<void> {
  await db.query({ name: 'oauth-grant-revoke', text: 'UPDATE platform.oauth_grants SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', values: [grantId] });
}

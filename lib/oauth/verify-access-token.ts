import { getPool } from '@/lib/db/pool';
import { hashToken } from './random-token';

/** What an access token stands for, when it is good. */
export type AccessGrant = { userId: string; username: string; scopes: string[]; clientId: string; grantId: string };

/**
 * The verdict on an access token: `expired` while its grant lives (a refresh helps), `revoked`
 * when the token or its grant was revoked or its user is gone, `unknown` for anything else.
 */
export type AccessCheck = { ok: true; grant: AccessGrant } | { ok: false; reason: 'expired' | 'revoked' | 'unknown' };

type Row = { user_id: string; username: string; scopes: string[]; client_id: string; grant_id: string; expired: boolean; revoked: boolean };

/** Checks an access token the way the platform's resource server does (a token introspection). */
export async function verifyAccessToken(token: string): Promise<AccessCheck> {
  const { rows } = await getPool().query<Row>({
    name: 'oauth-access-verify',
    text: `SELECT g.user_id::text, u.username, t.scopes, g.client_id, g.id::text AS grant_id,
                  t.expires_at <= now() AS expired, (t.revoked_at IS NOT NULL OR g.revoked_at IS NOT NULL) AS revoked
           FROM platform.oauth_tokens t
           JOIN platform.oauth_grants g ON g.id = t.grant_id
           JOIN platform.users u ON u.id = g.user_id
           WHERE t.token_hash = $1 AND t.kind = 'access'`,
    values: [hashToken(token)],
  });
  const row = rows[0];
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked) return { ok: false, reason: 'revoked' };
  if (row.expired) return { ok: false, reason: 'expired' };
  return { ok: true, grant: { userId: row.user_id, username: row.username, scopes: row.scopes, clientId: row.client_id, grantId: row.grant_id } };
}

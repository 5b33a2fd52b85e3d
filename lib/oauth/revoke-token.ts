import { getPool } from '@/lib/db/pool';
import type { OAuthClient } from './clients';
import { requiredParam } from './form-params';
import { hashToken } from './random-token';
import { revokeGrant } from './revoke-grant';

/**
 * Token revocation (RFC 7009 §2.1). Revoking a refresh token revokes its whole grant (every
 * access token with it, §2.1's SHOULD); revoking an access token revokes that token only.
 * A token that is unknown, already revoked or another client's changes nothing and is not an
 * error (§2.2), so the answer reveals nothing. token_type_hint is not needed to find a token.
 */
export async function revokeToken(client: OAuthClient, form: URLSearchParams): Promise<void> {
  const token = requiredParam(form, 'token');
  const pool = getPool();
  const { rows } = await pool.query<{ kind: 'access' | 'refresh'; grant_id: string }>({
    name: 'oauth-revoke-find',
    text: `SELECT t.kind, t.grant_id::text FROM platform.oauth_tokens t JOIN platform.oauth_grants g ON g.id = t.grant_id
           WHERE t.token_hash = $1 AND g.client_id = $2`,
    values: [hashToken(token), client.id],
  });
  const found = rows[0];
  if (!found) return;
  if (found.kind === 'refresh') return revokeGrant(found.grant_id);
  await pool.query({ name: 'oauth-access-revoke', text: 'UPDATE platform.oauth_tokens SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', values: [hashToken(token)] });
}

import { getPool } from '@/lib/db/pool';
import { inTransaction } from '@/lib/db/transaction';
import type { OAuthClient } from './clients';
import { OAuthError } from './errors';
import { requiredParam } from './form-params';
import { issueTokens, type TokenSet } from './issue-tokens';
import { hashToken } from './random-token';
import { revokeGrant } from './revoke-grant';
import { parseScope } from './scopes';

type Rotated = { grant_id: string; scopes: string[] };

/**
 * The refresh_token grant (RFC 6749 §6) with rotation: the presented refresh token is spent
 * and a new pair is issued. Presenting a spent refresh token again means it leaked, so the
 * whole grant is revoked (OAuth 2.0 Security BCP, RFC 9700 §4.14.2). An optional `scope` may
 * narrow, never widen, the grant's scopes for the new access token.
 */
export async function refreshTokenGrant(client: OAuthClient, form: URLSearchParams): Promise<TokenSet> {
  const tokenHash = hashToken(requiredParam(form, 'refresh_token'));
  const requested = form.has('scope') ? parseScope(form.get('scope') ?? '') : undefined;
  if (requested === null) throw new OAuthError('invalid_scope', 'scope must list one or more of the platform’s scopes, separated by spaces');

  const result = await inTransaction(async (db) => {
    // One statement both checks and spends the token, so two concurrent refreshes cannot both win.
    const { rows } = await db.query<Rotated>({
      name: 'oauth-refresh-rotate',
      text: `UPDATE platform.oauth_tokens t SET used_at = now()
             FROM platform.oauth_grants g
             WHERE t.token_hash = $1 AND t.kind = 'refresh' AND t.used_at IS NULL AND t.revoked_at IS NULL AND t.expires_at > now()
               AND g.id = t.grant_id AND g.revoked_at IS NULL AND g.client_id = $2
             RETURNING g.id::text AS grant_id, g.scopes`,
      values: [tokenHash, client.id],
    });
    const rotated = rows[0];
    if (!rotated) return null;
    // Thrown inside the transaction: the token is not spent by a request that cannot succeed.
    if (requested && !requested.every((scope) => rotated.scopes.includes(scope))) throw new OAuthError('invalid_scope', 'scope may only narrow the scopes that were granted');
    await db.query({ name: 'oauth-tokens-sweep', text: "DELETE FROM platform.oauth_tokens WHERE grant_id = $1 AND expires_at < now() - interval '1 day'", values: [rotated.grant_id] });
    return issueTokens(db, rotated.grant_id, rotated.scopes, requested ?? rotated.scopes);
  });
  if (result) return result;

  const { rows } = await getPool().query<{ grant_id: string; reused: boolean; client_id: string }>({
    name: 'oauth-refresh-miss',
    text: `SELECT t.grant_id::text, t.used_at IS NOT NULL AND g.revoked_at IS NULL AS reused, g.client_id
           FROM platform.oauth_tokens t JOIN platform.oauth_grants g ON g.id = t.grant_id
           WHERE t.token_hash = $1 AND t.kind = 'refresh'`,
    values: [tokenHash],
  });
  const miss = rows[0];
  if (miss?.reused && miss.client_id === client.id) {
    await revokeGrant(miss.grant_id);
    throw new OAuthError('invalid_grant', 'the refresh token was already used; the grant is revoked');
  }
  throw new OAuthError('invalid_grant', 'the refresh token is not valid, expired or revoked');
}

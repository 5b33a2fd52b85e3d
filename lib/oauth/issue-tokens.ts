import type pg from 'pg';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from './lifetimes';
import { hashToken, randomToken } from './random-token';
import { formatScope } from './scopes';

/** A successful token response (RFC 6749 §5.1). */
export type TokenSet = {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  /** Only for grants that include offline.access. */
  refresh_token?: string;
  scope: string;
};

async function insertToken(db: pg.ClientBase, grantId: string, kind: 'access' | 'refresh', scopes: readonly string[], ttlSeconds: number): Promise<string> {
  const token = randomToken(kind === 'access' ? 'pat_' : 'prt_');
  await db.query({
    name: 'oauth-token-insert',
    text: 'INSERT INTO platform.oauth_tokens (token_hash, grant_id, kind, scopes, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))',
    values: [hashToken(token), grantId, kind, scopes, ttlSeconds],
  });
  return token;
}

/**
 * Issues an access token for `accessScopes` (the grant's unless narrowed) and, when the grant
 * has offline.access, a refresh token for the whole grant (RFC 6749 §6: a new refresh token
 * keeps the scope of the one it replaces).
 */
export async function issueTokens(db: pg.ClientBase, grantId: string, grantScopes: readonly string[], accessScopes: readonly string[] = grantScopes): Promise<TokenSet> {
  const accessToken = await insertToken(db, grantId, 'access', accessScopes, ACCESS_TOKEN_TTL_SECONDS);
  const refreshToken = grantScopes.includes('offline.access') ? await insertToken(db, grantId, 'refresh', grantScopes, REFRESH_TOKEN_TTL_SECONDS) : undefined;
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
    scope: formatScope(accessScopes),
  };
}

import { getPool } from '@/lib/db/pool';
import type { AuthorizeRequest } from './authorize-request';
import { CODE_TTL_SECONDS } from './lifetimes';
import { hashToken, randomToken } from './random-token';

/**
 * Issues a single-use authorization code for a consented request, valid for 60 seconds and
 * bound to the client, redirect URI, scopes and PKCE challenge. Only its hash is stored.
 */
export async function issueAuthorizationCode(request: AuthorizeRequest, platformUserId: string): Promise<string> {
  const code = randomToken('pac_');
  const pool = getPool();
  // Housekeeping: codes a day past their expiry cannot be told from unknown ones anyway.
  await pool.query({ name: 'oauth-codes-sweep', text: "DELETE FROM platform.oauth_codes WHERE expires_at < now() - interval '1 day'" });
  await pool.query({
    name: 'oauth-code-insert',
    text: `INSERT INTO platform.oauth_codes (code_hash, client_id, user_id, redirect_uri, scopes, code_challenge, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
    values: [hashToken(code), request.clientId, platformUserId, request.redirectUri, request.scopes, request.codeChallenge, CODE_TTL_SECONDS],
  });
  return code;
}

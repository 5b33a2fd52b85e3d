import { inTransaction } from '@/lib/db/transaction';
import type { OAuthClient } from './clients';
import { OAuthError } from './errors';
import { requiredParam } from './form-params';
import { issueTokens, type TokenSet } from './issue-tokens';
import { verifyPkce } from './pkce';
import { hashToken } from './random-token';
import { revokeGrant } from './revoke-grant';

type CodeRow = { client_id: string; user_id: string; redirect_uri: string; scopes: string[]; code_challenge: string; expired: boolean; used: boolean; grant_id: string | null };

type Outcome = { kind: 'tokens'; tokens: TokenSet } | { kind: 'refused'; error: OAuthError; revokeGrantId?: string };

function invalidGrant(description: string): OAuthError {
  return new OAuthError('invalid_grant', description);
}

/**
 * The authorization_code grant (RFC 6749 §4.1.3 with RFC 7636 §4.6). A code is spent by the
 * first attempt to redeem it, right or wrong: a guessed verifier cannot be retried. Redeeming
 * a spent code revokes the grant it created (RFC 6749 §4.1.2), since one of the two
 * redeemers was not the client.
 */
export async function exchangeAuthorizationCode(client: OAuthClient, form: URLSearchParams): Promise<TokenSet> {
  const code = requiredParam(form, 'code');
  const redirectUri = requiredParam(form, 'redirect_uri');
  const verifier = requiredParam(form, 'code_verifier');

  // Refusals commit (the code stays spent), so the transaction returns them instead of throwing.
  const outcome = await inTransaction<Outcome>(async (db) => {
    const { rows } = await db.query<CodeRow>({
      name: 'oauth-code-take',
      text: `SELECT client_id, user_id::text, redirect_uri, scopes, code_challenge, expires_at <= now() AS expired,
                    used_at IS NOT NULL AS used, grant_id::text
             FROM platform.oauth_codes WHERE code_hash = $1 FOR UPDATE`,
      values: [hashToken(code)],
    });
    const row = rows[0];
    if (!row) return { kind: 'refused', error: invalidGrant('the authorization code is not valid') };
    if (row.used) return { kind: 'refused', error: invalidGrant('the authorization code was already used; tokens issued for it are revoked'), revokeGrantId: row.grant_id ?? undefined };
    await db.query({ name: 'oauth-code-spend', text: 'UPDATE platform.oauth_codes SET used_at = now() WHERE code_hash = $1', values: [hashToken(code)] });
    if (row.client_id !== client.id) return { kind: 'refused', error: invalidGrant('the authorization code was issued to another client') };
    if (row.expired) return { kind: 'refused', error: invalidGrant('the authorization code has expired') };
    if (row.redirect_uri !== redirectUri) return { kind: 'refused', error: invalidGrant('redirect_uri does not match the one of the authorization request') };
    if (!verifyPkce(verifier, row.code_challenge)) return { kind: 'refused', error: invalidGrant('code_verifier does not match the code challenge') };

    const grant = await db.query<{ id: string }>({
      name: 'oauth-grant-insert',
      text: 'INSERT INTO platform.oauth_grants (client_id, user_id, scopes) VALUES ($1, $2, $3) RETURNING id::text',
      values: [client.id, row.user_id, row.scopes],
    });
    const grantId = grant.rows[0].id;
    await db.query({ name: 'oauth-code-granted', text: 'UPDATE platform.oauth_codes SET grant_id = $2 WHERE code_hash = $1', values: [hashToken(code), grantId] });
    return { kind: 'tokens', tokens: await issueTokens(db, grantId, row.scopes) };
  });

  if (outcome.kind === 'tokens') return outcome.tokens;
  if (outcome.revokeGrantId) await revokeGrant(outcome.revokeGrantId);
  throw outcome.error;
}

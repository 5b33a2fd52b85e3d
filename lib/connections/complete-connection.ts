import { OAuthError } from '@/lib/oauth/errors';
import { verifyAccessToken } from '@/lib/oauth/verify-access-token';
import { readConnection, saveOAuthConnection } from './connection-store';
import { checkCallback, refused } from './callback-checks';
import { exchangeCode, revokeAtPlatform } from './platform-oauth-client';
import { REQUIRED_SCOPES } from './requested-scopes';
import { revokeStoredTokens } from './revoke-stored-tokens';

/** Why a connection attempt failed, as the connections page explains it (a fixed list: nothing from the URL is echoed). */
export type ConnectFailure = 'flow_expired' | 'state_mismatch' | 'denied' | 'platform_error' | 'code_refused' | 'scopes';

/** The callback's outcome: the connected @handle, or an OAuth error code, the reason and what it means. */
export type ConnectResult = { ok: true; username: string } | { ok: false; error: string; reason: ConnectFailure; description: string };

/**
 * Finishes "Connect platform account" on the callback: checks that `state` is the one this
 * browser's flow cookie sealed for this account, then redeems the code with the PKCE
 * verifier, asks the platform who the token belongs to, and stores the connection with its
 * tokens sealed. A connection it replaces has its grant revoked.
 */
export async function completeConnection(input: { userId: string; cookie: string | undefined; params: URLSearchParams }): Promise<ConnectResult> {
  const checked = checkCallback(input);
  if (!checked.ok) return checked;
  const { code, flow } = checked;

  let tokens;
  try {
    tokens = await exchangeCode({ code, redirectUri: flow.redirectUri, codeVerifier: flow.codeVerifier });
  } catch (caught) {
    if (caught instanceof OAuthError) return refused(caught.code, 'code_refused', `The platform refused the code: ${caught.description}.`);
    throw caught;
  }
  const granted = tokens.scope.split(' ');
  const who = await verifyAccessToken(tokens.access_token);
  if (!who.ok || !REQUIRED_SCOPES.every((scope) => granted.includes(scope))) {
    await revokeAtPlatform(tokens.refresh_token ?? tokens.access_token, tokens.refresh_token ? 'refresh_token' : 'access_token');
    return refused('invalid_scope', 'scopes', `Writes need the scopes ${REQUIRED_SCOPES.join(', ')}; the platform granted ${tokens.scope}.`);
  }

  const previous = await readConnection(input.userId);
  await saveOAuthConnection(input.userId, { id: who.grant.userId, username: who.grant.username }, tokens);
  if (previous) await revokeStoredTokens(input.userId, previous);
  return { ok: true, username: who.grant.username };
}

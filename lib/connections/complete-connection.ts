import { OAuthError } from '@/lib/oauth/errors';
import { safeEqual } from '@/lib/oauth/random-token';
import { verifyAccessToken } from '@/lib/oauth/verify-access-token';
import { readConnection, saveOAuthConnection } from './connection-store';
import { openFlow } from './flow-cookie';
import { exchangeCode, revokeAtPlatform } from './platform-oauth-client';
import { REQUIRED_SCOPES } from './requested-scopes';
import { revokeStoredTokens } from './revoke-stored-tokens';

/** Why a connection attempt failed, as the connections page explains it (a fixed list: nothing from the URL is echoed). */
export type ConnectFailure = 'flow_expired' | 'state_mismatch' | 'denied' | 'platform_error' | 'code_refused' | 'scopes';

/** The callback's outcome: the connected @handle, or an OAuth error code, the reason and what it means. */
export type ConnectResult = { ok: true; username: string } | { ok: false; error: string; reason: ConnectFailure; description: string };

function refused(error: string, reason: ConnectFailure, description: string): ConnectResult {
  return { ok: false, error, reason, description };
}

/**
 * Finishes "Connect platform account" on the callback: checks that `state` is the one this
 * browser's flow cookie sealed for this account, then redeems the code with the PKCE
 * verifier, asks the platform who the token belongs to, and stores the connection with its
 * tokens sealed. A connection it replaces has its grant revoked.
 */
export async function completeConnection(input: { userId: string; cookie: string | undefined; params: URLSearchParams }): Promise<ConnectResult> {
  const flow = openFlow(input.cookie);
  const state = input.params.get('state') ?? '';
  if (!flow || flow.userId !== input.userId) return refused('invalid_request', 'flow_expired', 'This connection attempt expired or was started in another session: start again.');
  // The state ties the answer to the request this browser made: a code injected by someone else fails here.
  if (!state || !safeEqual(state, flow.state)) return refused('invalid_request', 'state_mismatch', 'The platform’s answer does not match the connection attempt (state mismatch): start again.');
  const error = input.params.get('error');
  if (error === 'access_denied') return refused(error, 'denied', 'You did not allow access on the platform.');
  if (error) return refused(error, 'platform_error', input.params.get('error_description') ?? 'The platform refused the request.');
  const code = input.params.get('code');
  if (!code) return refused('invalid_request', 'platform_error', 'The platform’s answer carries no authorization code.');

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

import { ApiResponseError } from 'twitter-api-v2';
import type { XSettings } from '@/lib/platform/platform-config';
import { oauthClient, userClient } from '@/lib/platform/x/client';
import { checkCallback, refused } from './callback-checks';
import type { ConnectResult } from './complete-connection';
import { sealFlow } from './flow-cookie';
import { REQUIRED_SCOPES } from './requested-scopes';
import { saveXConnection } from './x-connection';

// "Connect X account": OAuth 2.0 authorization code with PKCE at X, through twitter-api-v2
// (generateOAuth2AuthLink, loginWithOAuth2). The verifier and state travel in a sealed flow
// cookie of their own, so an X attempt and an embedded-platform attempt do not clobber each other.

/** The flow cookie of an X connection attempt. */
export const X_FLOW_COOKIE = 'perch_x_connect_flow';

/** The redirect URI to register with the X app: <origin> + this path. */
export const X_CALLBACK_PATH = '/dashboard/connections/x/callback';

/** What Perch asks X for: reading, every write, and a refresh token (offline.access). */
export const X_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'follows.read', 'follows.write', 'like.read', 'like.write', 'offline.access'];

/** The authorization URL at X (PERCH_X_AUTHORIZE_URL) and the sealed flow cookie. */
export function startXConnection(userId: string, origin: string, settings: XSettings, now = Date.now()): { authorizeUrl: string; cookieValue: string } {
  if (!settings.oauth) throw new Error('X: PERCH_X_CLIENT_ID is not set');
  const redirectUri = `${origin}${X_CALLBACK_PATH}`;
  const link = oauthClient(settings).generateOAuth2AuthLink(redirectUri, { scope: X_SCOPES });
  // The library writes x.com's authorize page; the deployment may name another (PERCH_X_AUTHORIZE_URL).
  const authorize = new URL(settings.oauth.authorizeUrl);
  authorize.search = new URL(link.url).search;
  return { authorizeUrl: authorize.toString(), cookieValue: sealFlow({ userId, state: link.state, codeVerifier: link.codeVerifier, redirectUri, startedAt: now }) };
}

/**
 * Finishes "Connect X account" on the callback: the same checks as the embedded platform's, then
 * the code redeemed with the verifier, the account asked who it is (GET /2/users/me) and stored
 * with its tokens sealed. A grant lacking a write scope is revoked and refused.
 */
export async function completeXConnection(input: { userId: string; cookie: string | undefined; params: URLSearchParams; settings: XSettings }): Promise<ConnectResult> {
  const checked = checkCallback(input);
  if (!checked.ok) return checked;
  const { code, flow } = checked;
  const client = oauthClient(input.settings);
  let login;
  try {
    login = await client.loginWithOAuth2({ code, codeVerifier: flow.codeVerifier, redirectUri: flow.redirectUri });
  } catch (error) {
    if (error instanceof ApiResponseError && error.code >= 400 && error.code < 500) return refused('invalid_grant', 'code_refused', 'X refused the authorization code.');
    return refused('server_error', 'platform_error', 'X did not answer the code exchange: start again.');
  }
  if (!REQUIRED_SCOPES.every((scope) => login.scope.includes(scope))) {
    await client.revokeOAuth2Token(login.refreshToken ?? login.accessToken, login.refreshToken ? 'refresh_token' : 'access_token');
    return refused('invalid_scope', 'scopes', `Writes need the scopes ${REQUIRED_SCOPES.join(', ')}; X granted ${login.scope.join(' ')}.`);
  }
  // Who granted it, through X's official SDK as every other call (only the OAuth exchange is not).
  let me;
  try {
    me = (await userClient(input.settings, login.accessToken).users.getMe()).data;
  } catch {
    me = undefined;
  }
  if (!me?.id || !me.username) return refused('server_error', 'platform_error', 'X did not say which account granted access: start again.');
  await saveXConnection(input.userId, { id: me.id, username: me.username }, login);
  return { ok: true, username: me.username };
}

import crypto from 'node:crypto';
import { DASHBOARD_CALLBACK_PATH, dashboardClient } from '@/lib/oauth/clients';
import { newCodeVerifier, s256Challenge } from '@/lib/oauth/pkce';
import { formatScope } from '@/lib/oauth/scopes';
import { sealFlow } from './flow-cookie';
import { REQUESTED_SCOPES } from './requested-scopes';

/** Where the authorize endpoint lives, on the deployment's own origin. */
export const AUTHORIZE_PATH = '/platform/oauth/authorize';

/**
 * Starts "Connect platform account": a fresh PKCE verifier and state, sealed into the flow
 * cookie, and the authorization URL to send the browser to.
 */
export function startConnection(userId: string, origin: string, now = Date.now()): { authorizeUrl: string; cookieValue: string } {
  const client = dashboardClient();
  const codeVerifier = newCodeVerifier();
  const state = crypto.randomBytes(24).toString('base64url');
  const redirectUri = `${origin}${DASHBOARD_CALLBACK_PATH}`;
  const url = new URL(AUTHORIZE_PATH, origin);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.id,
    redirect_uri: redirectUri,
    scope: formatScope(REQUESTED_SCOPES),
    state,
    code_challenge: s256Challenge(codeVerifier),
    code_challenge_method: 'S256',
  }).toString();
  return { authorizeUrl: url.toString(), cookieValue: sealFlow({ userId, state, codeVerifier, redirectUri, startedAt: now }) };
}

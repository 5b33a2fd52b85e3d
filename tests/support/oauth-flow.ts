import crypto from 'node:crypto';
import { expect } from 'vitest';
import { completeConnection, type ConnectResult } from '@/lib/connections/complete-connection';
import { startConnection } from '@/lib/connections/start-connection';
import { DASHBOARD_CALLBACK_PATH, dashboardClient } from '@/lib/oauth/clients';
import { decideAuthorization } from '@/lib/oauth/decide-authorization';
import { newCodeVerifier, s256Challenge } from '@/lib/oauth/pkce';
import { consentToken, createPlatformSession } from '@/lib/oauth/platform-session';
import { createPlatformAccount } from '@/lib/oauth/platform-sign-up';
import { handleRevokeEndpoint, handleTokenEndpoint } from '@/lib/oauth/token-endpoint';

// Drives the platform's OAuth server and the dashboard's client side the way the browser and
// the routes do, minus Next itself: the same lib functions the route handlers call.

export const ORIGIN = 'http://perch.test';
export const REDIRECT_URI = `${ORIGIN}${DASHBOARD_CALLBACK_PATH}`;
export const ALL_SCOPES = 'tweet.read tweet.write like.write follows.write offline.access';

export type PlatformAccount = { id: string; username: string; password: string };

/** A platform account that can sign in (created through the authorize page's sign-up logic). */
export async function createPlatformUser(label = 'p'): Promise<PlatformAccount> {
  const username = `${label}${crypto.randomBytes(5).toString('hex')}`.slice(0, 15);
  const password = 'platform password 1';
  const result = await createPlatformAccount({ username, name: `Test ${username}`, password });
  if (!result.ok) throw new Error(`platform sign-up failed: ${JSON.stringify(result.errors)}`);
  return { id: result.userId, username, password };
}

export type AuthorizeParams = { scope?: string; state?: string; redirectUri?: string; challenge?: string; clientId?: string };

/** The authorization request's query, as the dashboard client builds it. */
export function authorizeQuery(options: AuthorizeParams & { challenge: string }): URLSearchParams {
  return new URLSearchParams({
    response_type: 'code',
    client_id: options.clientId ?? dashboardClient().id,
    redirect_uri: options.redirectUri ?? REDIRECT_URI,
    scope: options.scope ?? ALL_SCOPES,
    state: options.state ?? 'state-123',
    code_challenge: options.challenge,
    code_challenge_method: 'S256',
  });
}

/** Signs in as the platform user and submits the consent form; returns where the browser is sent. */
export async function consent(platformUserId: string, query: URLSearchParams, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
  const session = await createPlatformSession(platformUserId);
  const form = new URLSearchParams(query);
  form.set('csrf', consentToken(session));
  form.set('decision', decision);
  const result = await decideAuthorization({ form, origin: ORIGIN, sessionToken: session });
  if (result.kind !== 'redirect') throw new Error(`consent refused: ${result.message}`);
  return new URL(result.location, ORIGIN);
}

/** A fresh code for the user, with its verifier. */
export async function authorizationCode(platformUserId: string, options: AuthorizeParams = {}): Promise<{ code: string; verifier: string }> {
  const verifier = newCodeVerifier();
  const location = await consent(platformUserId, authorizeQuery({ ...options, challenge: options.challenge ?? s256Challenge(verifier) }));
  const code = location.searchParams.get('code');
  expect(code, `no code in ${location}`).toBeTruthy();
  return { code: code!, verifier };
}

/** Basic client credentials of the dashboard client (or other ones). */
export function basic(id = dashboardClient().id, secret = dashboardClient().secret()): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

export type OAuthAnswer = { status: number; headers: Headers; body: any };

async function answer(response: Response): Promise<OAuthAnswer> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** POST /platform/oauth/token with a form body, authenticated with Basic unless told otherwise. */
export async function tokenCall(params: Record<string, string>, { authorization = basic(), contentType = 'application/x-www-form-urlencoded' }: { authorization?: string | null; contentType?: string } = {}): Promise<OAuthAnswer> {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (authorization) headers.authorization = authorization;
  const request = new Request(`${ORIGIN}/platform/oauth/token`, { method: 'POST', headers, body: new URLSearchParams(params).toString() });
  return answer(await handleTokenEndpoint(request));
}

/** POST /platform/oauth/revoke. */
export async function revokeCall(params: Record<string, string>, authorization: string | null = basic()): Promise<OAuthAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (authorization) headers.authorization = authorization;
  return answer(await handleRevokeEndpoint(new Request(`${ORIGIN}/platform/oauth/revoke`, { method: 'POST', headers, body: new URLSearchParams(params).toString() })));
}

/** Redeems a code for tokens, expecting success. */
export async function redeem(code: string, verifier: string): Promise<{ access_token: string; refresh_token: string; expires_in: number; scope: string; token_type: string }> {
  const result = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
}

/**
 * "Connect platform account" end to end, as the routes run it: start (flow cookie + authorize
 * URL), consent on the platform, then the callback with the same cookie. `tamper` edits the
 * callback's query first (bad state, injected code…).
 */
export async function connectWithOAuth(perchUserId: string, platformUserId: string, tamper?: (callback: URLSearchParams) => void): Promise<ConnectResult> {
  const { authorizeUrl, cookieValue } = startConnection(perchUserId, ORIGIN);
  const location = await consent(platformUserId, new URL(authorizeUrl).searchParams);
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  const params = new URLSearchParams(location.search);
  tamper?.(params);
  return completeConnection({ userId: perchUserId, cookie: cookieValue, params });
}

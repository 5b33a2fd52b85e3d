import { dashboardClient } from '@/lib/oauth/clients';
import type { TokenSet } from '@/lib/oauth/issue-tokens';
import { runRevokeRequest, runTokenRequest } from '@/lib/oauth/token-request';

// The dashboard's side of the flow, talking to the platform's token and revoke endpoints.
// Platform and dashboard are one deployment, so the requests run in-process through the very
// functions the HTTP endpoints call (client authentication included) instead of over a socket:
// the same checks, no dependence on the server reaching its own public address.

function basicAuthorization(): string {
  const client = dashboardClient();
  // RFC 6749 §2.3.1: id and secret are form-urlencoded before Basic encoding.
  const pair = `${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret())}`;
  return `Basic ${Buffer.from(pair).toString('base64')}`;
}

/** Redeems an authorization code with its PKCE verifier (grant_type=authorization_code). */
export function exchangeCode(input: { code: string; redirectUri: string; codeVerifier: string }): Promise<TokenSet> {
  const form = new URLSearchParams({ grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri, code_verifier: input.codeVerifier });
  return runTokenRequest(form, basicAuthorization());
}

/** Trades a refresh token for a new pair (grant_type=refresh_token); the old one is spent. */
export function refreshTokens(refreshToken: string): Promise<TokenSet> {
  return runTokenRequest(new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }), basicAuthorization());
}

/** Revokes a token at the platform (RFC 7009); a refresh token takes its whole grant with it. */
export function revokeAtPlatform(token: string, hint: 'access_token' | 'refresh_token'): Promise<void> {
  return runRevokeRequest(new URLSearchParams({ token, token_type_hint: hint }), basicAuthorization());
}

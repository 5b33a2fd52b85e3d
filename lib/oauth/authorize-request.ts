import { findClient } from './clients';
import { OAuthError } from './errors';
import { isS256Challenge } from './pkce';
import { parseScope, type PlatformScope } from './scopes';

/** A valid authorization request (RFC 6749 §4.1.1 with RFC 7636 PKCE). */
export type AuthorizeRequest = {
  clientId: string;
  clientName: string;
  redirectUri: string;
  scopes: PlatformScope[];
  state: string;
  codeChallenge: string;
};

/**
 * The verdict on an authorization request. Until the client and its redirect URI are known
 * good, errors are shown on the platform's own page (`show`): redirecting to an unchecked URI
 * would make the server an open redirector. After that they go back to the client (`redirect`).
 */
export type AuthorizeCheck =
  | { kind: 'ok'; request: AuthorizeRequest }
  | { kind: 'show'; error: OAuthError }
  | { kind: 'redirect'; error: OAuthError; location: string };

/** The parameters of an authorization request, carried through the sign-in and consent forms. */
export const AUTHORIZE_PARAMS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method'] as const;

const MAX_STATE_LENGTH = 512;

/** The client's redirect URI with the response parameters added to its query. */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/** Checks an authorization request's parameters against the registered clients. */
export function checkAuthorizeRequest(params: URLSearchParams, origin: string): AuthorizeCheck {
  // RFC 6749 §3.1: a parameter sent twice is an invalid request.
  const repeated = AUTHORIZE_PARAMS.find((name) => params.getAll(name).length > 1);
  const clientId = params.get('client_id') ?? '';
  const redirectUri = params.get('redirect_uri') ?? '';
  if (repeated === 'client_id' || repeated === 'redirect_uri') return { kind: 'show', error: new OAuthError('invalid_request', `${repeated} is given more than once`) };
  if (!clientId) return { kind: 'show', error: new OAuthError('invalid_request', 'client_id is missing') };
  const client = findClient(clientId);
  if (!client) return { kind: 'show', error: new OAuthError('invalid_client', `no client is registered as "${clientId}"`) };
  if (!redirectUri) return { kind: 'show', error: new OAuthError('invalid_request', 'redirect_uri is missing') };
  if (!client.redirectUris(origin).includes(redirectUri)) {
    return { kind: 'show', error: new OAuthError('invalid_request', 'redirect_uri does not match a redirect URI registered for this client') };
  }

  const state = params.get('state') ?? undefined;
  const fail = (error: OAuthError): AuthorizeCheck => ({ kind: 'redirect', error, location: redirectWith(redirectUri, { error: error.code, error_description: error.description, state }) });
  if (repeated) return fail(new OAuthError('invalid_request', `${repeated} is given more than once`));
  if (params.get('response_type') !== 'code') return fail(new OAuthError('unsupported_response_type', 'response_type must be "code"'));
  // The client must round-trip a state to tie the answer to its own request (login CSRF).
  if (!state) return fail(new OAuthError('invalid_request', 'state is required'));
  if (state.length > MAX_STATE_LENGTH) return fail(new OAuthError('invalid_request', `state must be at most ${MAX_STATE_LENGTH} characters`));
  const scopes = parseScope(params.get('scope') ?? '');
  if (!scopes) return fail(new OAuthError('invalid_scope', 'scope must list one or more of the platform’s scopes, separated by spaces'));
  const challenge = params.get('code_challenge') ?? '';
  if (!challenge) return fail(new OAuthError('invalid_request', 'code_challenge is required (PKCE)'));
  if (params.get('code_challenge_method') !== 'S256') return fail(new OAuthError('invalid_request', 'code_challenge_method must be S256'));
  if (!isS256Challenge(challenge)) return fail(new OAuthError('invalid_request', 'code_challenge must be 43 base64url characters (an S256 challenge)'));

  return { kind: 'ok', request: { clientId: client.id, clientName: client.name, redirectUri, scopes, state, codeChallenge: challenge } };
}

import { findClient, type OAuthClient } from './clients';
import { OAuthError } from './errors';
import { safeEqual } from './random-token';

/** Decodes one half of an HTTP Basic client credential (RFC 6749 §2.3.1: form-urlencoded first). */
function formDecode(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

function basicCredentials(authorization: string): { id: string; secret: string } {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(authorization.trim());
  const decoded = match ? Buffer.from(match[1], 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  const id = colon > 0 ? formDecode(decoded.slice(0, colon)) : null;
  const secret = colon > 0 ? formDecode(decoded.slice(colon + 1)) : null;
  if (id === null || secret === null) throw new OAuthError('invalid_client', 'the Authorization header is not a valid Basic client credential');
  return { id, secret };
}

/**
 * The client a token or revoke request authenticates as: client_secret_basic (Authorization
 * header) or client_secret_post (client_id + client_secret in the body), never both.
 * Throws invalid_client (401) for an unknown client or a wrong secret.
 */
export function authenticateClient(form: URLSearchParams, authorization: string | null): OAuthClient {
  const inBody = form.has('client_secret');
  if (authorization && inBody) throw new OAuthError('invalid_request', 'use one client authentication method: the Authorization header or client_secret, not both');
  const credentials = authorization
    ? basicCredentials(authorization)
    : { id: form.get('client_id') ?? '', secret: form.get('client_secret') ?? '' };
  if (authorization && form.has('client_id') && form.get('client_id') !== credentials.id) {
    throw new OAuthError('invalid_client', 'client_id does not match the authenticated client');
  }
  if (!credentials.id) throw new OAuthError('invalid_client', 'client authentication is required');
  const client = findClient(credentials.id);
  // Unknown client and wrong secret answer alike: the answer does not reveal which ids exist.
  if (!client || !safeEqual(credentials.secret, client.secret())) throw new OAuthError('invalid_client', 'client authentication failed');
  return client;
}

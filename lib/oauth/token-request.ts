import { authenticateClient } from './authenticate-client';
import { OAuthError } from './errors';
import { exchangeAuthorizationCode } from './exchange-code';
import { refuseRepeatedParams } from './form-params';
import type { TokenSet } from './issue-tokens';
import { refreshTokenGrant } from './refresh-grant';
import { revokeToken } from './revoke-token';

/**
 * A token request (RFC 6749 §3.2) from its form parameters and Authorization header: the
 * client authenticates, then the grant type runs. The HTTP endpoint and the dashboard's
 * in-process client both come through here. Throws OAuthError for every refusal.
 */
export async function runTokenRequest(form: URLSearchParams, authorization: string | null): Promise<TokenSet> {
  refuseRepeatedParams(form);
  const client = authenticateClient(form, authorization);
  const grantType = form.get('grant_type');
  if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required');
  if (grantType === 'authorization_code') return exchangeAuthorizationCode(client, form);
  if (grantType === 'refresh_token') return refreshTokenGrant(client, form);
  throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
}

/** A revocation request (RFC 7009 §2.1): the client authenticates, then the token is revoked. */
export async function runRevokeRequest(form: URLSearchParams, authorization: string | null): Promise<void> {
  refuseRepeatedParams(form);
  const client = authenticateClient(form, authorization);
  await revokeToken(client, form);
}

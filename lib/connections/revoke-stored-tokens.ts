import { componentLogger } from '@/lib/observability/logger';
import { unseal, UnsealError } from '@/lib/crypto/seal';
import { OAuthError } from '@/lib/oauth/errors';
import type { ConnectionRow } from './connection-store';
import { revokeAtPlatform } from './platform-oauth-client';
import { accessTokenContext, refreshTokenContext } from './token-context';

const log = componentLogger('connections');

/**
 * Revokes, at the platform, the grant behind a connection's stored tokens: the refresh token
 * (which takes the whole grant) or, without one, the access token. Returns whether it did;
 * tokens that no longer unseal (their key was removed) cannot be revoked and expire on their own.
 */
export async function revokeStoredTokens(userId: string, row: Pick<ConnectionRow, 'linked_via' | 'access_token_enc' | 'refresh_token_enc'>): Promise<boolean> {
  if (row.linked_via !== 'oauth') return false;
  try {
    if (row.refresh_token_enc) await revokeAtPlatform(unseal(row.refresh_token_enc, refreshTokenContext(userId)), 'refresh_token');
    else if (row.access_token_enc) await revokeAtPlatform(unseal(row.access_token_enc, accessTokenContext(userId)), 'access_token');
    else return false;
    return true;
  } catch (error) {
    if (error instanceof UnsealError || error instanceof OAuthError) {
      log.warn({ account_id: userId, err: error }, `could not revoke the grant of ${userId}: ${error.message}`);
      return false;
    }
    throw error;
  }
}

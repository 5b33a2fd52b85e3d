import { unseal, UnsealError } from '@/lib/crypto/seal';
import { verifyAccessToken } from '@/lib/oauth/verify-access-token';
import type { PlatformActor } from '@/lib/platform/types';
import { readConnection, type ConnectionRow } from './connection-store';
import { refreshConnection } from './refresh-connection';
import { accessTokenContext } from './token-context';

/**
 * A connection as writes see it: `active` (OAuth, grant good, tokens fresh), `operator` (linked
 * by the admin CLI, no tokens), `revoked` (the platform no longer honours the grant),
 * `unreadable` (its tokens were sealed with a key that is no longer configured), or `none`.
 */
export type ConnectionState =
  | { kind: 'none' }
  | { kind: 'active' | 'operator'; actor: PlatformActor; scopes: readonly string[]; row: ConnectionRow }
  | { kind: 'revoked' | 'unreadable'; row: ConnectionRow };

/**
 * Resolves the account's connection, validating an OAuth grant at the platform the way an
 * upstream API would (the access token must be accepted) and refreshing an expired access
 * token transparently, at most once per call.
 */
export async function resolveConnection(userId: string): Promise<ConnectionState> {
  let row = await readConnection(userId);
  if (!row) return { kind: 'none' };
  if (row.linked_via === 'operator') return { kind: 'operator', actor: { id: row.platform_user_id, username: row.username }, scopes: row.scopes ?? [], row };

  let refreshed = false;
  for (;;) {
    if (row.stale && !refreshed) {
      const outcome = await refreshConnection(userId);
      refreshed = true;
      if (outcome === 'gone') return resolveConnection(userId); // replaced or removed meanwhile
      if (outcome !== 'refreshed') return { kind: outcome, row };
      row = (await readConnection(userId)) ?? row;
    }
    let accessToken: string;
    try {
      accessToken = unseal(row.access_token_enc ?? '', accessTokenContext(userId));
    } catch (error) {
      if (error instanceof UnsealError) return { kind: 'unreadable', row };
      throw error;
    }
    const check = await verifyAccessToken(accessToken);
    // The access token's own scopes are what the platform honours (it may carry fewer than the grant).
    if (check.ok) return { kind: 'active', actor: { id: check.grant.userId, username: check.grant.username }, scopes: check.grant.scopes, row };
    if (check.reason !== 'expired' || refreshed) return { kind: 'revoked', row };
    // The platform's clock says expired though ours did not: refresh regardless of the stored expiry.
    const outcome = await refreshConnection(userId, { force: true });
    refreshed = true;
    if (outcome !== 'refreshed') return outcome === 'gone' ? { kind: 'none' } : { kind: outcome, row };
    row = (await readConnection(userId)) ?? row;
  }
}

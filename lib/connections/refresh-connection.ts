import { unseal, UnsealError } from '@/lib/crypto/seal';
import { OAuthError } from '@/lib/oauth/errors';
import { inTransaction } from '@/lib/db/transaction';
import { readConnection, updateConnectionTokens } from './connection-store';
import { refreshTokens } from './platform-oauth-client';
import { refreshTokenContext } from './token-context';

/** What a refresh attempt found: new tokens stored (by this call or a concurrent one), or a dead grant. */
export type RefreshOutcome = 'refreshed' | 'revoked' | 'unreadable' | 'gone';

// Refresh tokens rotate, and presenting a spent one revokes the grant: two requests refreshing
// at once would lose the connection. Within a process they share one refresh; across
// processes the row lock makes the second wait and then find the tokens already fresh.
const inFlight = new Map<string, Promise<RefreshOutcome>>();

async function refreshLocked(userId: string, force: boolean): Promise<RefreshOutcome> {
  return inTransaction(async (db) => {
    await db.query("SET LOCAL lock_timeout = '10s'");
    const row = await readConnection(userId, db, { lock: true });
    if (!row || row.linked_via !== 'oauth') return 'gone';
    if (!force && !row.stale) return 'refreshed';
    if (!row.refresh_token_enc) return 'revoked'; // a grant without offline.access ends with its access token
    let refreshToken: string;
    try {
      refreshToken = unseal(row.refresh_token_enc, refreshTokenContext(userId));
    } catch (error) {
      if (error instanceof UnsealError) return 'unreadable';
      throw error;
    }
    try {
      await updateConnectionTokens(userId, await refreshTokens(refreshToken), db);
      return 'refreshed';
    } catch (error) {
      if (error instanceof OAuthError && error.code === 'invalid_grant') return 'revoked';
      throw error;
    }
  });
}

/**
 * Refreshes a connection's tokens through the platform's refresh_token grant and stores the
 * new pair. Without `force` it does nothing when the access token is still fresh (someone
 * else refreshed it first); `force` refreshes a token the platform called expired anyway.
 */
export function refreshConnection(userId: string, { force = false } = {}): Promise<RefreshOutcome> {
  const running = inFlight.get(userId);
  if (running) return running;
  const attempt = refreshLocked(userId, force).finally(() => inFlight.delete(userId));
  inFlight.set(userId, attempt);
  return attempt;
}

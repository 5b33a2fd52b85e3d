import { deleteConnection } from './connection-store';
import { revokeStoredTokens } from './revoke-stored-tokens';

/**
 * Disconnects the platform account: deletes the connection and its sealed tokens, then
 * revokes the grant at the platform (RFC 7009), so the tokens are dead even if a copy of
 * them survived somewhere. Returns whether there was a connection.
 */
export async function disconnectPlatformAccount(userId: string): Promise<{ removed: boolean; revoked: boolean }> {
  const removed = await deleteConnection(userId);
  if (!removed) return { removed: false, revoked: false };
  return { removed: true, revoked: await revokeStoredTokens(userId, removed) };
}

import { removeBlueskyConnection } from './bluesky-connection';
import { disconnectPlatformAccount } from './disconnect';
import { removeXConnection } from './x-connection';

/**
 * Removes every connected account of a workspace that is going away (a deleted workspace, or a
 * deleted person's personal one), whose sealed credentials must not outlive it: the platform
 * account (its grant revoked at the platform), Bluesky (an OAuth session also revoked at its
 * server, best effort: the local copy goes either way) and X (twitter-api-v2's flow here has no
 * revocation: the owner removes the app at X). Returns how many were removed.
 */
export async function removeWorkspaceConnections(workspaceId: string): Promise<number> {
  let removed = (await disconnectPlatformAccount(workspaceId)).removed ? 1 : 0;
  const bluesky = await removeBlueskyConnection(workspaceId);
  if (bluesky) removed += 1;
  if (bluesky?.linkedVia === 'oauth') {
    // Loaded only when needed, as for writes: a deployment without Bluesky never loads the OAuth client.
    const [{ endBlueskySessionUnlessUsed }, { getBlueskyOAuthClient }] = await Promise.all([import('./bluesky-oauth-flow'), import('./bluesky-oauth-client')]);
    let client: ReturnType<typeof getBlueskyOAuthClient> = null;
    try {
      client = getBlueskyOAuthClient();
    } catch {
      // Bluesky settings this process cannot use: the session is deleted here without revoking it there.
    }
    await endBlueskySessionUnlessUsed(client, bluesky.did);
  }
  if (await removeXConnection(workspaceId)) removed += 1;
  return removed;
}

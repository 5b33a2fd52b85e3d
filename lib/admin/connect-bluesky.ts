import { removeBlueskyConnection, saveBlueskyConnection } from '@/lib/connections/bluesky-connection';
import { getBlueskyOAuthClient } from '@/lib/connections/bluesky-oauth-client';
import { endBlueskySessionUnlessUsed } from '@/lib/connections/bluesky-oauth-flow';
import { verifyAppPassword } from '@/lib/platform/bluesky/verify-app-password';

/**
 * Connects a Perch account to a Bluesky account by app password (admin CLI and the dashboard's
 * form): logs in once at `serviceUrl` to check it (and learn the DID and handle), then stores
 * it sealed, replacing any earlier Bluesky connection (an OAuth one's session is ended).
 * Returns the DID and handle.
 */
export async function connectBlueskyAccount(
  userId: string,
  identifier: string,
  appPassword: string,
  serviceUrl: string,
  timeoutMs?: number,
): Promise<{ did: string; handle: string }> {
  const account = await verifyAppPassword(serviceUrl, identifier, appPassword, timeoutMs);
  const previous = await removeBlueskyConnection(userId);
  await saveBlueskyConnection(userId, { ...account, identifier, serviceUrl }, appPassword);
  if (previous?.linkedVia === 'oauth') await endBlueskySessionUnlessUsed(getBlueskyOAuthClient(), previous.did);
  return account;
}

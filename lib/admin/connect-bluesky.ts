import { saveBlueskyConnection } from '@/lib/connections/bluesky-connection';
import { verifyAppPassword } from '@/lib/platform/bluesky/verify-app-password';

/**
 * Connects a Perch account to a Bluesky account by app password: logs in once at `serviceUrl`
 * to check it (and learn the DID and handle), then stores it sealed. Returns the handle.
 */
export async function connectBlueskyAccount(userId: string, identifier: string, appPassword: string, serviceUrl: string): Promise<string> {
  const account = await verifyAppPassword(serviceUrl, identifier, appPassword);
  await saveBlueskyConnection(userId, { ...account, identifier, serviceUrl }, appPassword);
  return account.handle;
}

import { AtpAgent } from '@atproto/api';
import { InvalidInputError } from '../errors';
import { fetchWithTimeout, mapUpstreamError } from './upstream';

/**
 * Logs in once with a handle (or email) and app password at `serviceUrl`, as a check before a
 * connection is stored: the account's DID and handle, or InvalidInputError when Bluesky refuses.
 */
export async function verifyAppPassword(serviceUrl: string, identifier: string, password: string, timeoutMs = 10_000): Promise<{ did: string; handle: string }> {
  const agent = new AtpAgent({ service: serviceUrl, fetch: fetchWithTimeout(timeoutMs) });
  try {
    const { data } = await agent.login({ identifier, password });
    return { did: data.did, handle: data.handle };
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 401 || status === 400) throw new InvalidInputError(`Bluesky refused the handle and app password: ${(error as Error).message}`, 'app_password');
    throw mapUpstreamError(error, null);
  }
}

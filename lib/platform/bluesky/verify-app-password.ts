import { AtpAgent } from '@atproto/api';
import { InvalidInputError } from '../errors';
import { fetchWithTimeout, mapUpstreamError } from './upstream';

// The check before a Bluesky connection is stored (dashboard form and admin CLI alike): the
// handle exists, the password logs in, and it is an app password, not the account's own.

/** The scope a PDS puts in the access token of a session made with the account's own password. */
const MAIN_PASSWORD_SCOPE = 'com.atproto.access';

function isHandle(identifier: string): boolean {
  return !identifier.startsWith('did:') && !identifier.includes('@');
}

/** The `scope` claim of a session's access JWT (its payload is plain base64url JSON), or null. */
function accessScope(accessJwt: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(accessJwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { scope?: unknown };
    return typeof payload.scope === 'string' ? payload.scope : null;
  } catch {
    return null;
  }
}

/**
 * Logs in once with a handle, DID or email and an app password at `serviceUrl` and returns the
 * account's DID and handle. Refusals are InvalidInputError naming the field at fault
 * (`identifier`: no account has that handle; `app_password`: wrong password, or the account's
 * own password); an unreachable service is UnavailableError.
 */
export async function verifyAppPassword(serviceUrl: string, identifier: string, password: string, timeoutMs = 10_000): Promise<{ did: string; handle: string }> {
  const agent = new AtpAgent({ service: serviceUrl, fetch: fetchWithTimeout(timeoutMs) });
  try {
    // A PDS answers an unknown handle and a wrong password alike ("Invalid identifier or
    // password"); resolving the handle first tells the two apart.
    if (isHandle(identifier)) {
      await agent.com.atproto.identity.resolveHandle({ handle: identifier }).catch((error: unknown) => {
        const status = (error as { status?: number }).status;
        if (status === 400 || status === 404) throw new InvalidInputError(`No Bluesky account has the handle ${identifier} (at ${serviceUrl})`, 'identifier');
        throw error;
      });
    }
    const { data } = await agent.login({ identifier, password });
    // The check's session is not needed afterwards: writes open their own.
    await agent.logout().catch(() => undefined);
    if (accessScope(data.accessJwt) === MAIN_PASSWORD_SCOPE) {
      // Holding the account's own password would give Perch the whole account (settings,
      // deletion, more app passwords): refuse it.
      throw new InvalidInputError('That is the account’s own password: create an app password (bsky.app → Settings → Privacy and security → App passwords) and use it instead', 'app_password');
    }
    return { did: data.did, handle: data.handle };
  } catch (error) {
    if (error instanceof InvalidInputError) throw error;
    const status = (error as { status?: number }).status;
    if (status === 401 || status === 400) throw new InvalidInputError(`Bluesky refused the app password for ${identifier} (${(error as Error).message}): check it, or create a new one`, 'app_password');
    throw mapUpstreamError(error, null);
  }
}

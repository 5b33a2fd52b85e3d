import {
  buildAtprotoLoopbackClientMetadata,
  NodeOAuthClient,
  TokenInvalidError,
  TokenRefreshError,
  TokenRevokedError,
  type OAuthClientMetadataInput,
  type OAuthSession,
} from '@atproto/oauth-client-node';
import { UnavailableError } from '@/lib/platform/errors';
import { fetchWithTimeout } from '@/lib/platform/bluesky/upstream';
import type { BlueskySettings } from '@/lib/platform/platform-config';
import { readPlatformConfig } from '@/lib/platform/platform-config';
import { blueskyRefreshLock, blueskySessionStore, blueskyStateStore } from './bluesky-oauth-stores';

// Perch as an atproto OAuth client ("Sign in with Bluesky" on the Connections page). Writes
// need repository access, which atproto grants with the transitional generic scope.

export const BLUESKY_OAUTH_SCOPE = 'atproto transition:generic';
export const BLUESKY_CALLBACK_PATH = '/dashboard/connections/bluesky/callback';
export const BLUESKY_CLIENT_METADATA_PATH = '/oauth/bluesky/client-metadata.json';

type OAuthSettings = NonNullable<BlueskySettings['oauth']>;

/**
 * The client's metadata. On an https origin it is a public web client whose client_id is the
 * URL that serves this document; on a loopback origin it is atproto's development client,
 * whose client_id (http://localhost?…) carries the redirect URI and scope, with nothing to fetch.
 */
export function blueskyClientMetadata(oauth: OAuthSettings): OAuthClientMetadataInput {
  const redirectUri = `${oauth.publicUrl}${BLUESKY_CALLBACK_PATH}` as const;
  if (oauth.loopback) return buildAtprotoLoopbackClientMetadata({ scope: BLUESKY_OAUTH_SCOPE, redirect_uris: [redirectUri as `http://127.0.0.1${string}`] });
  return {
    client_id: `${oauth.publicUrl}${BLUESKY_CLIENT_METADATA_PATH}`,
    client_name: 'Perch',
    client_uri: oauth.publicUrl,
    redirect_uris: [redirectUri],
    scope: BLUESKY_OAUTH_SCOPE,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    dpop_bound_access_tokens: true,
  };
}

let cached: { key: string; client: NodeOAuthClient } | null = null;

/** The process's OAuth client for the deployment's Bluesky settings, or null when OAuth is off (no PERCH_PUBLIC_URL). */
export function getBlueskyOAuthClient(settings: BlueskySettings | null = readPlatformConfig().bluesky): NodeOAuthClient | null {
  const oauth = settings?.oauth;
  if (!settings || !oauth) return null;
  const key = JSON.stringify([oauth, settings.serviceUrl, settings.timeoutMs]);
  if (cached?.key !== key) {
    const client = new NodeOAuthClient({
      clientMetadata: blueskyClientMetadata(oauth),
      stateStore: blueskyStateStore(),
      sessionStore: blueskySessionStore(),
      requestLock: blueskyRefreshLock,
      // Handles resolve through the PDS or entryway accounts log in at (XRPC resolveHandle),
      // DIDs through the PLC directory.
      handleResolver: settings.serviceUrl,
      plcDirectoryUrl: oauth.plcUrl,
      // Plain http only for the development client, whose PDS is a local one.
      allowHttp: oauth.loopback,
      fetch: fetchWithTimeout(settings.timeoutMs),
    });
    cached = { key, client };
  }
  return cached.client;
}

/**
 * The OAuth session of a connected DID, refreshed by the client when its access token has
 * expired; null when it is gone (revoked, refused at refresh, never stored) or OAuth is off.
 * Anything else (the PDS unreachable during a refresh) is UnavailableError: try again later.
 */
export async function restoreBlueskySession(did: string): Promise<OAuthSession | null> {
  const client = getBlueskyOAuthClient();
  if (!client) return null;
  try {
    return await client.restore(did, 'auto');
  } catch (error) {
    if (error instanceof TokenRefreshError || error instanceof TokenRevokedError || error instanceof TokenInvalidError) return null;
    throw new UnavailableError(`Bluesky: the account's OAuth session could not be restored (${(error as Error).message}): retry shortly`);
  }
}

import { Client } from '@xdevplatform/xdk';
import { TwitterApi, type ITwitterApiClientPlugin } from 'twitter-api-v2';
import type { XSettings } from '../platform-config';
import { NodeHttpClient } from './node-http-client';

// Every read and write goes through X's official SDK (@xdevplatform/xdk). Its OAuth 2.0 helper
// hard-codes x.com's authorize and token URLs and cannot revoke, so connecting an account (the
// authorization code flow with PKCE) and refreshing its token still use twitter-api-v2
// (docs/platforms/x.md says so).

function sdkClient(settings: XSettings, auth: { bearerToken?: string; accessToken: string }): Client {
  const client = new Client({ ...auth, baseUrl: settings.apiUrl.replace(/\/+$/, ''), timeout: settings.timeoutMs, retry: false });
  // The SDK declares httpClient read-only but reads it on every request: the one place to put ours.
  (client as { httpClient: Client['httpClient'] }).httpClient = new NodeHttpClient(settings.httpAgent);
  return client;
}

/**
 * The app's client: the bearer token, for reads. X's description lists only user context for
 * two reads Perch makes with it (GET /2/tweets/:id/liking_users and /2/users/search), and the
 * SDK then refuses to send a request at all with a bearer token alone. Given as the access
 * token too, the same bearer token goes out (the header is the same either way) and X decides:
 * if X refuses app-only there, that is its 403, answered 503 with a line for the operator.
 */
export function appClient(settings: XSettings): Client {
  return sdkClient(settings, { bearerToken: settings.bearerToken, accessToken: settings.bearerToken });
}

/** A client acting as a connected account: its OAuth 2.0 user access token. */
export function userClient(settings: XSettings, accessToken: string): Client {
  return sdkClient(settings, { accessToken });
}

// twitter-api-v2 writes X's origin into its calls (the OAuth 2.0 token endpoint too) and its
// cloneWithPrefix is broken in 1.29. A plugin that rewrites the origin before each request points
// every call at the configured API and gives each its timeout. It also sends the token and revoke
// requests form-encoded, as X documents them: 1.29 means to, but tests `url.password` instead of
// the path and sends JSON.

const X_ORIGINS = ['https://api.x.com/', 'https://api.twitter.com/'];

function rebase(settings: Pick<XSettings, 'apiUrl' | 'timeoutMs'>): ITwitterApiClientPlugin {
  const target = `${settings.apiUrl.replace(/\/+$/, '')}/`;
  return {
    onBeforeRequestConfig({ params }) {
      const origin = X_ORIGINS.find((prefix) => params.url.startsWith(prefix));
      if (origin && target !== origin) params.url = target + params.url.slice(origin.length);
      params.timeout ??= settings.timeoutMs;
      if (/\/2\/oauth2\//.test(params.url)) params.forceBodyMode = 'url';
    },
  };
}

/** The app's OAuth 2.0 client (client id and secret), for the authorization code flow and refreshes. */
export function oauthClient(settings: XSettings): TwitterApi {
  if (!settings.oauth) throw new Error('X: PERCH_X_CLIENT_ID is not set');
  const { clientId, clientSecret } = settings.oauth;
  const options = { plugins: [rebase(settings)], ...(settings.httpAgent ? { httpAgent: settings.httpAgent } : {}) };
  return new TwitterApi(clientSecret ? { clientId, clientSecret } : { clientId }, options);
}

import { TwitterApi, type ITwitterApiClientPlugin } from 'twitter-api-v2';
import type { XSettings } from '../platform-config';

// twitter-api-v2 writes X's origin into its calls (https://api.x.com/2/…, the OAuth 2.0 token
// endpoint too) and its cloneWithPrefix is broken in 1.29. A plugin that rewrites the origin
// before each request is configured points every call, typed or not, at the configured API and
// gives each its timeout. It also sends the OAuth 2.0 token and revoke requests form-encoded, as
// X documents them: 1.29 means to, but tests `url.password` instead of the path and sends JSON.

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

function clientSettings(settings: XSettings) {
  return { plugins: [rebase(settings)], ...(settings.httpAgent ? { httpAgent: settings.httpAgent } : {}) };
}

/** The app's client: the bearer token, for reads. */
export function appClient(settings: XSettings): TwitterApi {
  return new TwitterApi(settings.bearerToken, clientSettings(settings));
}

/** A client acting as a connected account: its OAuth 2.0 user access token. */
export function userClient(settings: XSettings, accessToken: string): TwitterApi {
  return new TwitterApi(accessToken, clientSettings(settings));
}

/** The app's OAuth 2.0 client (client id and secret), for the authorization code flow and refreshes. */
export function oauthClient(settings: XSettings): TwitterApi {
  if (!settings.oauth) throw new Error('X: PERCH_X_CLIENT_ID is not set');
  const { clientId, clientSecret } = settings.oauth;
  return new TwitterApi(clientSecret ? { clientId, clientSecret } : { clientId }, clientSettings(settings));
}

import type { Provider } from 'next-auth/providers/index';
import GitHubProvider from 'next-auth/providers/github';
import GoogleProvider from 'next-auth/providers/google';
import type { Env } from './env';

export type OAuthProviderInfo = { id: 'github' | 'google'; name: string };

/** The OAuth sign-in providers whose client id and secret are both set. */
export function enabledOAuthProviders(env: Env = process.env): OAuthProviderInfo[] {
  const enabled: OAuthProviderInfo[] = [];
  if (env.GITHUB_ID && env.GITHUB_SECRET) enabled.push({ id: 'github', name: 'GitHub' });
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) enabled.push({ id: 'google', name: 'Google' });
  return enabled;
}

/** next-auth provider objects for the enabled OAuth providers. */
export function oauthProviders(env: Env = process.env): Provider[] {
  return enabledOAuthProviders(env).map(({ id }) =>
    id === 'github'
      ? GitHubProvider({ clientId: env.GITHUB_ID!, clientSecret: env.GITHUB_SECRET! })
      : GoogleProvider({ clientId: env.GOOGLE_CLIENT_ID!, clientSecret: env.GOOGLE_CLIENT_SECRET! }),
  );
}

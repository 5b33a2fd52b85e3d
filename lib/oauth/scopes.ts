/** The scopes the platform grants, with what the consent screen says about each. */
export const PLATFORM_SCOPES = {
  'tweet.read': 'Read tweets and profiles, including yours',
  'tweet.write': 'Post, reply, quote and delete tweets as you',
  'like.write': 'Like and unlike tweets as you',
  'follows.write': 'Follow and unfollow accounts as you',
  'offline.access': 'Stay connected until you disconnect (a refresh token)',
} as const;

export type PlatformScope = keyof typeof PLATFORM_SCOPES;

/** Every scope, in the consent screen's order. */
export const ALL_SCOPES = Object.keys(PLATFORM_SCOPES) as PlatformScope[];

function isPlatformScope(value: string): value is PlatformScope {
  return Object.hasOwn(PLATFORM_SCOPES, value);
}

/**
 * A space-separated scope parameter (RFC 6749 §3.3) as a list without repeats, in the
 * canonical order; null when it is empty or names a scope the platform does not have.
 */
export function parseScope(value: string): PlatformScope[] | null {
  const names = value.split(' ').filter(Boolean);
  if (names.length === 0 || !names.every(isPlatformScope)) return null;
  return ALL_SCOPES.filter((scope) => names.includes(scope));
}

/** The scope parameter for a list of scopes. */
export function formatScope(scopes: readonly string[]): string {
  return scopes.join(' ');
}

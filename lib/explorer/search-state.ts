import type { InputOf } from '@perch/client';

// The explorer's search lives in the address (/dashboard/explore?q=%23rust&sort=popular), so a
// hashtag link is just a URL and Back returns to earlier searches.

export const TWEET_SORTS = ['latest', 'popular', 'engagement'] as const;
export const USER_SORTS = ['default', 'followers', 'name'] as const;

export type SearchState = {
  type: 'tweets' | 'users';
  q: string;
  sort: (typeof TWEET_SORTS)[number];
  userSort: (typeof USER_SORTS)[number];
  lang: string;
  minLikes: string;
  minRetweets: string;
  replies: boolean;
  retweets: boolean;
};

export const DEFAULT_SEARCH: SearchState = { type: 'tweets', q: '', sort: 'latest', userSort: 'default', lang: '', minLikes: '', minRetweets: '', replies: true, retweets: false };

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);

/** The search an address describes; unknown or missing values take the defaults. */
export function readSearchState(params: URLSearchParams): SearchState {
  return {
    type: params.get('type') === 'users' ? 'users' : 'tweets',
    q: params.get('q') ?? '',
    sort: pick(params.get('sort'), TWEET_SORTS, 'latest'),
    userSort: pick(params.get('user_sort'), USER_SORTS, 'default'),
    lang: params.get('lang') ?? '',
    minLikes: params.get('min_likes') ?? '',
    minRetweets: params.get('min_retweets') ?? '',
    replies: params.get('replies') !== '0',
    retweets: params.get('retweets') === '1',
  };
}

/** The address query of a search, with only what differs from the defaults. */
export function searchStateQuery(state: SearchState): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.type === 'users') {
    params.set('type', 'users');
    if (state.userSort !== 'default') params.set('user_sort', state.userSort);
    return params.toString();
  }
  if (state.sort !== 'latest') params.set('sort', state.sort);
  if (state.lang.trim()) params.set('lang', state.lang.trim());
  if (state.minLikes.trim()) params.set('min_likes', state.minLikes.trim());
  if (state.minRetweets.trim()) params.set('min_retweets', state.minRetweets.trim());
  if (!state.replies) params.set('replies', '0');
  if (state.retweets) params.set('retweets', '1');
  return params.toString();
}

/** A link to the tweet search for a query (a hashtag, a trend). */
export function searchHref(query: string): string {
  return `/dashboard/explore?${new URLSearchParams({ q: query })}`;
}

/** Problems with the filters, by field, checked before a search spends credits. */
export function searchStateErrors(state: SearchState): Partial<Record<'q' | 'lang' | 'minLikes' | 'minRetweets', string>> {
  const errors: Partial<Record<'q' | 'lang' | 'minLikes' | 'minRetweets', string>> = {};
  if (!state.q.trim()) errors.q = 'Enter something to search for';
  else if (state.q.length > 512) errors.q = 'At most 512 characters';
  if (state.type === 'users') return errors;
  if (state.lang.trim() && !/^[a-z]{2,3}$/.test(state.lang.trim())) errors.lang = 'A 2- or 3-letter language code such as en';
  const whole = (value: string) => !value.trim() || (/^[0-9]{1,10}$/.test(value.trim()) && Number(value) <= 1_000_000_000);
  if (!whole(state.minLikes)) errors.minLikes = 'A whole number from 0';
  if (!whole(state.minRetweets)) errors.minRetweets = 'A whole number from 0';
  return errors;
}

/** The searchTweets body of a (valid) search, without paging. */
export function tweetSearchInput(state: SearchState): InputOf<'searchTweets'> {
  return {
    query: state.q,
    sort: state.sort,
    ...(state.lang.trim() ? { lang: state.lang.trim() } : {}),
    ...(state.minLikes.trim() ? { min_likes: Number(state.minLikes) } : {}),
    ...(state.minRetweets.trim() ? { min_retweets: Number(state.minRetweets) } : {}),
    include_replies: state.replies,
    include_retweets: state.retweets,
  };
}

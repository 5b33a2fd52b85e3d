import { pageOverRankedWindow, pageOverUpstream, type UpstreamPageOptions, type UpstreamPager } from '../upstream-pages';
import type { KeysetPosition, Page, Tweet, TweetSort, User, UserSort } from '../types';
import { TWEET_QUERY, USER_QUERY } from './fields';
import { mapTweets, mapUser } from './map-records';
import type { Query, Subject, XUpstream } from './upstream';
import type { XIncludes, XTweet, XUser } from './x-types';

// X's lists come newest first (timelines, graphs) or by relevance (user search), in pages that
// `next_token` continues. Perch's other sorts rank a window of X's first items here, as on Bluesky.

/** How many upstream items a ranked (popular, engagement, followers, name) page ranks. */
export const RANK_WINDOW = 500;

/** One X list endpoint: its path, extra parameters, the page size it accepts and its token's name. */
export type XList = { path: string; query?: Query; subject: Subject; min: number; max: number; token?: 'pagination_token' | 'next_token' };

function pageQuery(list: XList, cursor: string | undefined, limit: number): Query {
  return { ...list.query, max_results: Math.min(list.max, Math.max(list.min, limit)), [list.token ?? 'pagination_token']: cursor };
}

/** Pages of Tweet records from an X list endpoint. */
export function tweetPager(upstream: XUpstream, list: XList): UpstreamPager<Tweet> {
  return async (cursor, limit) => {
    const answer = await upstream.read<XTweet[]>(list.path, { ...TWEET_QUERY, ...pageQuery(list, cursor, limit) }, list.subject);
    return { items: mapTweets(answer.data, answer.includes as XIncludes), cursor: answer.meta?.next_token };
  };
}

/** Pages of User records from an X list endpoint. */
export function userPager(upstream: XUpstream, list: XList): UpstreamPager<User> {
  return async (cursor, limit) => {
    const answer = await upstream.read<XUser[]>(list.path, { ...USER_QUERY, ...pageQuery(list, cursor, limit) }, list.subject);
    return { items: (answer.data ?? []).map(mapUser), cursor: answer.meta?.next_token };
  };
}

function engagement(tweet: Tweet): number {
  return tweet.like_count + tweet.retweet_count + tweet.reply_count + tweet.quote_count;
}

function tweetComparator(sort: TweetSort): (a: Tweet, b: Tweet) => number {
  const score = sort === 'popular' ? (tweet: Tweet) => tweet.like_count : engagement;
  return (a, b) => score(b) - score(a) || b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);
}

function displayName(user: User): string {
  return (user.name || user.username).toLowerCase();
}

function userComparator(sort: UserSort): (a: User, b: User) => number {
  if (sort === 'followers') return (a, b) => b.followers_count - a.followers_count || a.id.localeCompare(b.id);
  return (a, b) => displayName(a).localeCompare(displayName(b)) || a.id.localeCompare(b.id);
}

/** A page request and the most items X's endpoint gives a page; `keep` filters what X cannot. */
type Request<S, T> = { count: number; after?: KeysetPosition | null; sort?: S; max: number; keep?: (item: T) => boolean };

function options<T>(pager: UpstreamPager<T>, request: Request<unknown, T>): UpstreamPageOptions<T, T> {
  return { fetch: pager, count: request.count, after: request.after, maxLimit: request.max, keep: request.keep, map: (items) => items };
}

/** A tweet page in the requested sort: X's order for `latest`, a ranked window otherwise. */
export function sortedTweets(pager: UpstreamPager<Tweet>, request: Request<TweetSort, Tweet>): Promise<Page<Tweet>> {
  if (!request.sort || request.sort === 'latest') return pageOverUpstream(options(pager, request));
  return pageOverRankedWindow({ ...options(pager, request), window: RANK_WINDOW, compare: tweetComparator(request.sort) });
}

/** A user page in the requested sort: X's order for `default`, a ranked window otherwise. */
export function sortedUsers(pager: UpstreamPager<User>, request: Request<UserSort, User>): Promise<Page<User>> {
  if (!request.sort || request.sort === 'default') return pageOverUpstream(options(pager, request));
  return pageOverRankedWindow({ ...options(pager, request), window: RANK_WINDOW, compare: userComparator(request.sort) });
}

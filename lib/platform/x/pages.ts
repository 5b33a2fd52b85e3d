import type { Client } from '@xdevplatform/xdk';
import { pageOverRankedWindow, pageOverUpstream, type UpstreamPageOptions, type UpstreamPager } from '../upstream-pages';
import type { KeysetPosition, Page, Tweet, TweetSort, User, UserSort } from '../types';
import { tweetsOf } from './lookups';
import { mapUsers } from './map-records';
import type { Subject, XUpstream } from './upstream';
import type { XAnswer, XPost, XUser } from './x-types';

// X's lists come newest first (timelines, graphs) or by relevance (user search), in pages that
// a next token continues. Perch's other sorts rank a window of X's first items here, as on Bluesky.

/** How many upstream items a ranked (popular, engagement, followers, name) page ranks. */
export const RANK_WINDOW = 500;

/** One page request to X: its token (undefined on the first page) and how many items it asks for. */
export type XPageRequest = { token: string | undefined; maxResults: number };

/**
 * One X list endpoint: the SDK call that reads a page, a name and arguments that key the
 * upstream cache, what "not found" is about, and the page size X accepts.
 */
export type XList<T> = { name: string; args: readonly unknown[]; subject: Subject; min: number; max: number; call: (client: Client, page: XPageRequest) => Promise<XAnswer<T[]>> };

function pageRequest(list: { min: number; max: number }, cursor: string | undefined, limit: number): XPageRequest {
  return { token: cursor, maxResults: Math.min(list.max, Math.max(list.min, limit)) };
}

/** Pages of Tweet records from an X list endpoint. */
export function tweetPager(upstream: XUpstream, list: XList<XPost>): UpstreamPager<Tweet> {
  return async (cursor, limit) => {
    const page = pageRequest(list, cursor, limit);
    const answer = await upstream.read(list.name, [...list.args, page], list.subject, (x) => list.call(x, page));
    return { items: await tweetsOf(upstream, answer), cursor: answer.meta?.nextToken };
  };
}

/** Pages of User records from an X list endpoint. */
export function userPager(upstream: XUpstream, list: XList<XUser>): UpstreamPager<User> {
  return async (cursor, limit) => {
    const page = pageRequest(list, cursor, limit);
    const answer = await upstream.read(list.name, [...list.args, page], list.subject, (x) => list.call(x, page));
    return { items: mapUsers(answer.data), cursor: answer.meta?.nextToken };
  };
}

// An unknown count (null: X did not give it) ranks below every known one, zero included.
const known = (count: number | null): number => count ?? -1;

function engagement(tweet: Tweet): number {
  const parts = [tweet.like_count, tweet.retweet_count, tweet.reply_count, tweet.quote_count];
  return parts.every((part) => part === null) ? -1 : parts.reduce<number>((sum, part) => sum + (part ?? 0), 0);
}

function tweetComparator(sort: TweetSort): (a: Tweet, b: Tweet) => number {
  const score = sort === 'popular' ? (tweet: Tweet) => known(tweet.like_count) : engagement;
  return (a, b) => score(b) - score(a) || b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);
}

function displayName(user: User): string {
  return (user.name || user.username).toLowerCase();
}

function userComparator(sort: UserSort): (a: User, b: User) => number {
  if (sort === 'followers') return (a, b) => known(b.followers_count) - known(a.followers_count) || a.id.localeCompare(b.id);
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

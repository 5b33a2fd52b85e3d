import type { RequestOptions, ResultMeta, Tweet, User } from '@perch/client';
import { explorerApi } from './api';
import { tweetSearchInput, type SearchState } from './search-state';

export type FeedPage<T> = { items: T[]; meta: ResultMeta };

/** One paged list the explorer scrolls through: its cache key, the operation behind it and how to fetch a page. */
export type Feed<T> = {
  key: readonly unknown[];
  operationId: string;
  fetchPage: (cursor: string | undefined, options: RequestOptions) => Promise<FeedPage<T>>;
};

export type TweetFeed = { kind: 'tweets'; feed: Feed<Tweet> };
export type UserFeed = { kind: 'users'; feed: Feed<User> };
export type AnyFeed = TweetFeed | UserFeed;

// Page size of every explorer list: small pages keep each scroll step cheap (20 × 15 credits for tweets).
export const PAGE_SIZE = 20;

type Paged<T> = { data: T[]; meta: ResultMeta };
const page = <T>(result: Paged<T>): FeedPage<T> => ({ items: result.data, meta: result.meta });

function tweets(key: readonly unknown[], operationId: string, run: (input: { cursor?: string; count: number }, options: RequestOptions) => Promise<Paged<Tweet>>): TweetFeed {
  return { kind: 'tweets', feed: { key, operationId, fetchPage: async (cursor, options) => page(await run({ cursor, count: PAGE_SIZE }, options)) } };
}

function users(key: readonly unknown[], operationId: string, run: (input: { cursor?: string; count: number }, options: RequestOptions) => Promise<Paged<User>>): UserFeed {
  return { kind: 'users', feed: { key, operationId, fetchPage: async (cursor, options) => page(await run({ cursor, count: PAGE_SIZE }, options)) } };
}

/** Tweet search with the explorer's filters. */
export function tweetSearchFeed(state: SearchState): TweetFeed {
  const input = tweetSearchInput(state);
  return tweets(['searchTweets', input], 'searchTweets', (paging, o) => explorerApi().searchTweets({ ...input, ...paging }, o));
}

/** User search. */
export function userSearchFeed(query: string, sort: SearchState['userSort']): UserFeed {
  return users(['searchUsers', query, sort], 'searchUsers', (paging, o) => explorerApi().searchUsers({ query, sort, ...paging }, o));
}

export const PROFILE_TABS = [
  { id: 'tweets', label: 'Tweets' },
  { id: 'replies', label: 'Replies' },
  { id: 'media', label: 'Media' },
  { id: 'mentions', label: 'Mentions' },
  { id: 'followers', label: 'Followers' },
  { id: 'following', label: 'Following' },
  { id: 'verified-followers', label: 'Verified followers' },
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number]['id'];

/** The list behind one tab of a profile. */
export function profileFeed(username: string, tab: ProfileTab): AnyFeed {
  const api = explorerApi();
  const key = (op: string) => [op, username.toLowerCase()];
  switch (tab) {
    case 'replies':
      return tweets(key('getUserReplies'), 'getUserReplies', (p, o) => api.getUserReplies(username, p, o));
    case 'media':
      return tweets(key('getUserMedia'), 'getUserMedia', (p, o) => api.getUserMedia(username, p, o));
    case 'mentions':
      return tweets(key('getUserMentions'), 'getUserMentions', (p, o) => api.getUserMentions(username, p, o));
    case 'followers':
      return users(key('getUserFollowers'), 'getUserFollowers', (p, o) => api.getUserFollowers(username, p, o));
    case 'following':
      return users(key('getUserFollowing'), 'getUserFollowing', (p, o) => api.getUserFollowing(username, p, o));
    case 'verified-followers':
      return users(key('getUserVerifiedFollowers'), 'getUserVerifiedFollowers', (p, o) => api.getUserVerifiedFollowers(username, p, o));
    default:
      return tweets(key('getUserTweets'), 'getUserTweets', (p, o) => api.getUserTweets(username, p, o));
  }
}

export const TWEET_TABS = [
  { id: 'replies', label: 'Replies' },
  { id: 'quotes', label: 'Quotes' },
  { id: 'likers', label: 'Liked by' },
  { id: 'retweeters', label: 'Retweeted by' },
] as const;
export type TweetTab = (typeof TWEET_TABS)[number]['id'];

/** The list behind one tab of a tweet page. */
export function tweetFeed(tweetId: string, tab: TweetTab): AnyFeed {
  const api = explorerApi();
  switch (tab) {
    case 'quotes':
      return tweets(['getTweetQuotes', tweetId], 'getTweetQuotes', (p, o) => api.getTweetQuotes(tweetId, p, o));
    case 'likers':
      return users(['getTweetLikers', tweetId], 'getTweetLikers', (p, o) => api.getTweetLikers(tweetId, p, o));
    case 'retweeters':
      return users(['getTweetRetweeters', tweetId], 'getTweetRetweeters', (p, o) => api.getTweetRetweeters(tweetId, p, o));
    default:
      // Newest reply first: the contract's tweet sorts have no oldest-first.
      return tweets(['getTweetConversation', tweetId], 'getTweetConversation', (p, o) => api.getTweetConversation(tweetId, p, o));
  }
}

export const LIST_TABS = [
  { id: 'tweets', label: 'Tweets' },
  { id: 'members', label: 'Members' },
  { id: 'subscribers', label: 'Subscribers' },
] as const;
export type ListTab = (typeof LIST_TABS)[number]['id'];

/** The list behind one tab of a list page. */
export function listFeed(listId: string, tab: ListTab): AnyFeed {
  const api = explorerApi();
  if (tab === 'members') return users(['getListMembers', listId], 'getListMembers', (p, o) => api.getListMembers(listId, p, o));
  if (tab === 'subscribers') return users(['getListSubscribers', listId], 'getListSubscribers', (p, o) => api.getListSubscribers(listId, p, o));
  return tweets(['getListTweets', listId], 'getListTweets', (p, o) => api.getListTweets(listId, p, o));
}

export const COMMUNITY_TABS = [
  { id: 'tweets', label: 'Tweets' },
  { id: 'members', label: 'Members' },
] as const;
export type CommunityTab = (typeof COMMUNITY_TABS)[number]['id'];

/** The list behind one tab of a community page. */
export function communityFeed(communityId: string, tab: CommunityTab): AnyFeed {
  const api = explorerApi();
  if (tab === 'members') return users(['getCommunityMembers', communityId], 'getCommunityMembers', (p, o) => api.getCommunityMembers(communityId, p, o));
  return tweets(['getCommunityTweets', communityId], 'getCommunityTweets', (p, o) => api.getCommunityTweets(communityId, p, o));
}

/** The tab an address names, or the first. */
export function pickTab<T extends string>(tabs: ReadonlyArray<{ id: T }>, value: string | null | undefined): T {
  return tabs.find((t) => t.id === value)?.id ?? tabs[0].id;
}

import { findTrendPlace } from '../countries';
import { InvalidInputError, NotFoundError, UnavailableError } from '../errors';
import type { PlatformReads } from '../platform';
import type { Tweet } from '../types';
import { pageOverUpstream } from '../upstream-pages';
import { checkLike, checkRetweet } from './checks';
import { getTweetsBatch, getUser, getUserById, getUsersBatch, lookupTweet, xUserByUsername } from './lookups';
import { sortedTweets, sortedUsers, tweetPager, userPager, type XList } from './pages';
import { searchTweets, searchUsers } from './search';
import type { XUpstream } from './upstream';

// Perch's reads on X API v2, operation by operation (docs/platforms/x.md has the table).

// X API v2 has no endpoint for a community's posts or members, and its community lookup
// lacks the creator Perch's Community record names: all three are gaps.
const COMMUNITIES = UnavailableError.feature('X', 'communities').message;

/** The operations X does not have (Platform.lacks): answered 503 before their inputs are read. */
export const X_LACKS = {
  getCommunity: COMMUNITIES,
  getCommunityTweets: COMMUNITIES,
  getCommunityMembers: COMMUNITIES,
  checkFollow: UnavailableError.feature('X', 'follow checks between two accounts (X API v2 answers relationships only for the authenticated account)').message,
} as const satisfies Readonly<Record<string, string>>;

function lacking(operation: keyof typeof X_LACKS): never {
  throw new UnavailableError(X_LACKS[operation]);
}

/** X's user lists (followers, following, likers, members …) take 1 to 100 or 1 to 1000 a page. */
const GRAPH = { min: 1, max: 1000 } as const;
const SMALL = { min: 1, max: 100 } as const;

/** The reads of the X platform on one upstream. */
export function xReads(upstream: XUpstream): PlatformReads {
  const userId = async (username: string) => (await xUserByUsername(upstream, username)).id;
  const timeline = (id: string, kind: 'tweets' | 'mentions', exclude?: string): XList => ({
    path: `users/${id}/${kind}`,
    query: exclude ? { exclude } : {},
    subject: 'user',
    min: 5,
    max: 100,
  });
  // X answers likers, retweeters and quotes of a post that does not exist with an empty list: ask for the post first.
  const ensureTweet = (id: string) => lookupTweet(upstream, id);
  const ensureList = async (id: string) => {
    const answer = await upstream.read<{ id: string }>(`lists/${id}`, {}, 'list');
    if (!answer.data) throw new NotFoundError('list');
  };

  return {
    getUser: (username) => getUser(upstream, username),
    getUserById: (id) => getUserById(upstream, id),
    getUsersBatch: (usernames) => getUsersBatch(upstream, usernames),

    getUserTweets: async (username, page) => sortedTweets(tweetPager(upstream, timeline(await userId(username), 'tweets', 'replies')), { ...page, max: 100 }),
    getUserReplies: async (username, page) => sortedTweets(tweetPager(upstream, timeline(await userId(username), 'tweets')), { ...page, max: 100 }),
    getUserMedia: async (username, page) =>
      sortedTweets(tweetPager(upstream, timeline(await userId(username), 'tweets', 'retweets')), { ...page, max: 100, keep: (tweet: Tweet) => tweet.media.length > 0 }),
    getUserMentions: async (username, page) => sortedTweets(tweetPager(upstream, timeline(await userId(username), 'mentions')), { ...page, max: 100 }),
    getUserFollowers: async (username, page) => sortedUsers(userPager(upstream, { path: `users/${await userId(username)}/followers`, subject: 'user', ...GRAPH }), { ...page, max: GRAPH.max }),
    getUserFollowing: async (username, page) => sortedUsers(userPager(upstream, { path: `users/${await userId(username)}/following`, subject: 'user', ...GRAPH }), { ...page, max: GRAPH.max }),
    getUserFollowerIds: async (username, page) =>
      pageOverUpstream({
        fetch: userPager(upstream, { path: `users/${await userId(username)}/followers`, subject: 'user', ...GRAPH }),
        count: page.count,
        after: page.after,
        maxLimit: GRAPH.max,
        map: (users) => users.map((user) => user.id),
      }),
    getUserVerifiedFollowers: async (username, page) =>
      sortedUsers(userPager(upstream, { path: `users/${await userId(username)}/followers`, subject: 'user', ...GRAPH }), {
        ...page,
        max: GRAPH.max,
        keep: (user) => user.is_blue_verified,
      }),

    getTweet: async (id) => (await ensureTweet(id)).tweet,
    getTweetsBatch: (ids) => getTweetsBatch(upstream, ids),
    getTweetConversation: async (id, page) => {
      const { raw } = await ensureTweet(id);
      const root = raw.conversation_id ?? raw.id;
      // Recent search (7 days) is X's only way to a conversation: its replies, root and retweets left out.
      const pager = tweetPager(upstream, { path: 'tweets/search/recent', query: { query: `conversation_id:${root}`, sort_order: 'recency' }, subject: null, min: 10, max: 100, token: 'next_token' });
      return sortedTweets(pager, { ...page, max: 100, keep: (tweet) => tweet.id !== root && !tweet.is_retweet });
    },
    getTweetQuotes: async (id, page) => {
      await ensureTweet(id);
      return sortedTweets(tweetPager(upstream, { path: `tweets/${id}/quote_tweets`, subject: 'tweet', min: 10, max: 100 }), { ...page, max: 100 });
    },
    getTweetRetweeters: async (id, page) => {
      await ensureTweet(id);
      return sortedUsers(userPager(upstream, { path: `tweets/${id}/retweeted_by`, subject: 'tweet', ...SMALL }), { ...page, max: SMALL.max });
    },
    getTweetLikers: async (id, page) => {
      await ensureTweet(id);
      return sortedUsers(userPager(upstream, { path: `tweets/${id}/liking_users`, subject: 'tweet', ...SMALL }), { ...page, max: SMALL.max });
    },

    getListTweets: async (listId, page) => {
      await ensureList(listId);
      return sortedTweets(tweetPager(upstream, { path: `lists/${listId}/tweets`, subject: 'list', ...SMALL }), { ...page, max: SMALL.max });
    },
    getListMembers: async (listId, page) => {
      await ensureList(listId);
      return sortedUsers(userPager(upstream, { path: `lists/${listId}/members`, subject: 'list', ...SMALL }), { ...page, max: SMALL.max });
    },
    getListSubscribers: async (listId, page) => {
      await ensureList(listId);
      return sortedUsers(userPager(upstream, { path: `lists/${listId}/followers`, subject: 'list', ...SMALL }), { ...page, max: SMALL.max });
    },

    getCommunity: () => lacking('getCommunity'),
    getCommunityTweets: () => lacking('getCommunityTweets'),
    getCommunityMembers: () => lacking('getCommunityMembers'),

    searchTweets: (request) => searchTweets(upstream, request),
    searchUsers: (request) => searchUsers(upstream, request),
    getTrending: async (request) => {
      const place = findTrendPlace(request.country ?? 'Worldwide');
      if (!place) throw new InvalidInputError(`unknown country "${request.country}"`, 'country');
      const count = request.count ?? 20;
      const answer = await upstream.read<Array<{ trend_name: string; tweet_count?: number }>>(`trends/by/woeid/${place.woeid}`, { max_trends: count }, null);
      const trends = (answer.data ?? []).slice(0, count).map((trend, index) => ({ rank: index + 1, name: trend.trend_name, query: trend.trend_name, tweet_count: trend.tweet_count ?? 0 }));
      return { country: place.name, woeid: place.woeid, as_of: new Date().toISOString(), trends };
    },

    checkFollow: () => lacking('checkFollow'),
    checkRetweet: (tweetId, username) => checkRetweet(upstream, tweetId, username),
    checkLike: (tweetId, username) => checkLike(upstream, tweetId, username),
  };
}

import { findTrendPlace } from '../countries';
import { InvalidInputError, NotFoundError, UnavailableError } from '../errors';
import type { PlatformReads } from '../platform';
import type { Tweet } from '../types';
import { pageOverUpstream } from '../upstream-pages';
import { checkLike, checkRetweet } from './checks';
import { getTweetsBatch, getUser, getUserById, getUsersBatch, lookupTweet, xUserByUsername } from './lookups';
import { postFields, userFields } from './fields';
import { sortedTweets, sortedUsers, tweetPager, userPager, type XList } from './pages';
import { searchTweets, searchUsers } from './search';
import { mapTrends } from './map-records';
import { isXId } from './trusted';
import type { XUpstream } from './upstream';
import type { XPost, XUser } from './x-types';

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
  const timeline = (id: string, kind: 'tweets' | 'mentions', exclude: Array<'replies' | 'retweets'> = []): XList<XPost> => ({
    name: `users.${kind}`,
    args: [id, exclude],
    subject: 'user',
    min: 5,
    max: 100,
    call: (x, page) => {
      const options = { maxResults: page.maxResults, paginationToken: page.token, ...postFields() };
      return kind === 'tweets' ? x.users.getPosts(id, { ...options, ...(exclude.length ? { exclude } : {}) }) : x.users.getMentions(id, options);
    },
  });
  const graph = (id: string, direction: 'followers' | 'following'): XList<XUser> => ({
    name: `users.${direction}`,
    args: [id],
    subject: 'user',
    ...GRAPH,
    call: (x, page) => {
      const options = { maxResults: page.maxResults, paginationToken: page.token, ...userFields() };
      return direction === 'followers' ? x.users.getFollowers(id, options) : x.users.getFollowing(id, options);
    },
  });
  const followers = async (username: string) => userPager(upstream, graph(await userId(username), 'followers'));
  // X answers likers, reposters and quotes of a post that does not exist with an empty list: ask for the post first.
  const ensureTweet = (id: string) => lookupTweet(upstream, id);
  const ensureList = async (id: string) => {
    const answer = await upstream.read('lists.getById', [id], 'list', (x) => x.lists.getById(id));
    if (!isXId(answer.data?.id)) throw new NotFoundError('list');
  };
  const listUsers = (listId: string, kind: 'members' | 'followers'): XList<XUser> => ({
    name: `lists.${kind}`,
    args: [listId],
    subject: 'list',
    ...SMALL,
    call: (x, page) => {
      const options = { maxResults: page.maxResults, paginationToken: page.token, ...userFields() };
      return kind === 'members' ? x.lists.getMembers(listId, options) : x.lists.getFollowers(listId, options);
    },
  });
  const postUsers = (tweetId: string, kind: 'repostedBy' | 'likingUsers'): XList<XUser> => ({
    name: `posts.${kind}`,
    args: [tweetId],
    subject: 'tweet',
    ...SMALL,
    call: (x, page) => {
      const options = { maxResults: page.maxResults, paginationToken: page.token, ...userFields() };
      return kind === 'repostedBy' ? x.posts.getRepostedBy(tweetId, options) : x.posts.getLikingUsers(tweetId, options);
    },
  });

  return {
    getUser: (username) => getUser(upstream, username),
    getUserById: (id) => getUserById(upstream, id),
    getUsersBatch: (usernames) => getUsersBatch(upstream, usernames),

    getUserTweets: async (username, page) => sortedTweets(tweetPager(upstream, timeline(await userId(username), 'tweets', ['replies'])), { ...page, max: 100 }),
    getUserReplies: async (username, page) => sortedTweets(tweetPager(upstream, timeline(await userId(username), 'tweets')), { ...page, max: 100 }),
    getUserMedia: async (username, page) =>
      sortedTweets(tweetPager(upstream, timeline(await userId(username), 'tweets', ['retweets'])), { ...page, max: 100, keep: (tweet: Tweet) => tweet.media.length > 0 }),
    getUserMentions: async (username, page) => sortedTweets(tweetPager(upstream, timeline(await userId(username), 'mentions')), { ...page, max: 100 }),
    getUserFollowers: async (username, page) => sortedUsers(await followers(username), { ...page, max: GRAPH.max }),
    getUserFollowing: async (username, page) => sortedUsers(userPager(upstream, graph(await userId(username), 'following')), { ...page, max: GRAPH.max }),
    getUserFollowerIds: async (username, page) =>
      pageOverUpstream({ fetch: await followers(username), count: page.count, after: page.after, maxLimit: GRAPH.max, map: (users) => users.map((user) => user.id) }),
    getUserVerifiedFollowers: async (username, page) => sortedUsers(await followers(username), { ...page, max: GRAPH.max, keep: (user) => user.is_blue_verified }),

    getTweet: async (id) => (await ensureTweet(id)).tweet,
    getTweetsBatch: (ids) => getTweetsBatch(upstream, ids),
    getTweetConversation: async (id, page) => {
      const { raw } = await ensureTweet(id);
      const root = isXId(raw.conversationId) ? raw.conversationId : id;
      const query = `conversation_id:${root}`;
      // Recent search (7 days) is X's only way to a conversation: its replies, root and reposts left out.
      const pager = tweetPager(upstream, {
        name: 'posts.searchRecent',
        args: [query, {}],
        subject: null,
        min: 10,
        max: 100,
        call: (x, request) => x.posts.searchRecent(query, { sortOrder: 'recency', maxResults: request.maxResults, nextToken: request.token, ...postFields() }),
      });
      return sortedTweets(pager, { ...page, max: 100, keep: (tweet) => tweet.id !== root && !tweet.is_retweet });
    },
    getTweetQuotes: async (id, page) => {
      await ensureTweet(id);
      const quotes: XList<XPost> = {
        name: 'posts.quoted',
        args: [id],
        subject: 'tweet',
        min: 10,
        max: 100,
        call: (x, request) => x.posts.getQuoted(id, { maxResults: request.maxResults, paginationToken: request.token, ...postFields() }),
      };
      return sortedTweets(tweetPager(upstream, quotes), { ...page, max: 100 });
    },
    getTweetRetweeters: async (id, page) => {
      await ensureTweet(id);
      return sortedUsers(userPager(upstream, postUsers(id, 'repostedBy')), { ...page, max: SMALL.max });
    },
    getTweetLikers: async (id, page) => {
      await ensureTweet(id);
      return sortedUsers(userPager(upstream, postUsers(id, 'likingUsers')), { ...page, max: SMALL.max });
    },

    getListTweets: async (listId, page) => {
      await ensureList(listId);
      const posts: XList<XPost> = {
        name: 'lists.posts',
        args: [listId],
        subject: 'list',
        ...SMALL,
        call: (x, request) => x.lists.getPosts(listId, { maxResults: request.maxResults, paginationToken: request.token, ...postFields() }),
      };
      return sortedTweets(tweetPager(upstream, posts), { ...page, max: SMALL.max });
    },
    getListMembers: async (listId, page) => {
      await ensureList(listId);
      return sortedUsers(userPager(upstream, listUsers(listId, 'members')), { ...page, max: SMALL.max });
    },
    getListSubscribers: async (listId, page) => {
      await ensureList(listId);
      return sortedUsers(userPager(upstream, listUsers(listId, 'followers')), { ...page, max: SMALL.max });
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
      const answer = await upstream.read('trends.getByWoeid', [place.woeid, count], null, (x) =>
        x.trends.getByWoeid(place.woeid, { maxTrends: count, trendFields: ['trend_name', 'tweet_count'] }),
      );
      return { country: place.name, woeid: place.woeid, as_of: new Date().toISOString(), trends: mapTrends(answer.data, count) };
    },

    checkFollow: () => lacking('checkFollow'),
    checkRetweet: (tweetId, username) => checkRetweet(upstream, tweetId, username),
    checkLike: (tweetId, username) => checkLike(upstream, tweetId, username),
  };
}

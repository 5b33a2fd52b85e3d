import { NotFoundError, UnavailableError, InvalidInputError } from '../errors';
import type { PlatformReads } from '../platform';
import { findTrendPlace } from '../countries';
import type { Page, PageRequest, Tweet, TweetPageRequest, User, UserPageRequest } from '../types';
import { idOfUri, mapFeedItem, mapPost, mapUser, type FeedViewPost, type PostView, type ProfileView } from './map-records';
import { getProfile, getProfiles, getUsersBatch, usersOf } from './profiles';
import { didOf, uriOf } from './resolve';
import { sortedTweetPage, sortedUserPage } from './sorted-pages';
import type { BlueskyUpstream } from './upstream';
import type { UpstreamPager } from '../upstream-pages';
import { pageOverUpstream } from '../upstream-pages';
import { checkLike, checkRetweet } from './checks';
import { searchTweets } from './search';

// Perch's reads on Bluesky, operation by operation (docs/platforms/bluesky.md has the table).

/** Most items Bluesky's list methods return per call. */
const MAX_LIMIT = 100;

export function unavailable(feature: string): never {
  throw UnavailableError.feature('Bluesky', feature);
}

const COMMUNITIES = UnavailableError.feature('Bluesky', 'communities').message;

/** The operations Bluesky does not have (Platform.lacks): answered 503 before their inputs are read. */
export const BLUESKY_LACKS = {
  getListSubscribers: UnavailableError.feature('Bluesky', 'list subscribers (Bluesky does not publish who subscribes to a list)').message,
  getCommunity: COMMUNITIES,
  getCommunityTweets: COMMUNITIES,
  getCommunityMembers: COMMUNITIES,
} as const satisfies Readonly<Record<string, string>>;

function lacking(operation: keyof typeof BLUESKY_LACKS): never {
  throw new UnavailableError(BLUESKY_LACKS[operation]);
}

type Actor = { did: string };

/** A user-list pager whose items are full profiles when the sort needs their counts. */
function profilesPager(upstream: BlueskyUpstream, pager: UpstreamPager<ProfileView>, full: boolean): UpstreamPager<ProfileView> {
  if (!full) return pager;
  return async (cursor, limit) => {
    const page = await pager(cursor, limit);
    return {
      items: await getProfiles(
        upstream,
        page.items.map((profile) => profile.did),
      ),
      cursor: page.cursor,
    };
  };
}

function userPage(upstream: BlueskyUpstream, pager: UpstreamPager<ProfileView>, page: UserPageRequest, keep?: (profile: ProfileView) => boolean): Promise<Page<User>> {
  const ranked = Boolean(page.sort && page.sort !== 'default');
  return sortedUserPage(page.sort, {
    fetch: profilesPager(upstream, pager, ranked || Boolean(keep)),
    count: page.count,
    after: page.after,
    maxLimit: MAX_LIMIT,
    keep,
    map: (items) => (ranked || keep ? items.map(mapUser) : usersOf(upstream, items)),
  });
}

function feedPage(pager: UpstreamPager<FeedViewPost>, page: TweetPageRequest, keep?: (item: FeedViewPost) => boolean): Promise<Page<Tweet>> {
  return sortedTweetPage(page.sort, { fetch: pager, count: page.count, after: page.after, maxLimit: MAX_LIMIT, keep, map: (items) => items.map(mapFeedItem) });
}

function postPage(pager: UpstreamPager<PostView>, page: TweetPageRequest, keep?: (post: PostView) => boolean): Promise<Page<Tweet>> {
  return sortedTweetPage(page.sort, { fetch: pager, count: page.count, after: page.after, maxLimit: MAX_LIMIT, keep, map: (items) => items.map(mapPost) });
}

function authorFeed(upstream: BlueskyUpstream, actor: string, filter: string): UpstreamPager<FeedViewPost> {
  return async (cursor, limit) => {
    const answer = await upstream.read<{ feed: FeedViewPost[]; cursor?: string }>('app.bsky.feed.getAuthorFeed', { actor, filter, limit, cursor }, 'user');
    return { items: answer.feed, cursor: answer.cursor };
  };
}

function graph(upstream: BlueskyUpstream, nsid: 'app.bsky.graph.getFollowers' | 'app.bsky.graph.getFollows', actor: string): UpstreamPager<ProfileView> {
  const key = nsid === 'app.bsky.graph.getFollowers' ? 'followers' : 'follows';
  return async (cursor, limit) => {
    const answer = await upstream.read<Record<string, ProfileView[]> & { cursor?: string }>(nsid, { actor, limit, cursor }, 'user');
    return { items: answer[key] as ProfileView[], cursor: answer.cursor };
  };
}

/** The thread under a post, flattened: every reply at any depth, newest first. */
async function threadReplies(upstream: BlueskyUpstream, uri: string): Promise<PostView[]> {
  type ThreadNode = { $type?: string; post?: PostView; replies?: ThreadNode[] };
  const answer = await upstream.read<{ thread: ThreadNode }>('app.bsky.feed.getPostThread', { uri, depth: 1000, parentHeight: 0 }, 'tweet');
  if (answer.thread.$type !== 'app.bsky.feed.defs#threadViewPost') throw new NotFoundError('tweet');
  const replies: PostView[] = [];
  const walk = (node: ThreadNode) => {
    for (const reply of node.replies ?? []) {
      if (reply.post) replies.push(reply.post);
      walk(reply);
    }
  };
  walk(answer.thread);
  return replies.sort((a, b) => b.indexedAt.localeCompare(a.indexedAt) || b.uri.localeCompare(a.uri));
}

/** Posts by batch of 25 (getPosts' limit), in the order found. */
async function getPosts(upstream: BlueskyUpstream, uris: readonly string[]): Promise<PostView[]> {
  const batches: string[][] = [];
  for (let start = 0; start < uris.length; start += 25) batches.push(uris.slice(start, start + 25));
  const answers = await Promise.all(batches.map((batch) => upstream.read<{ posts: PostView[] }>('app.bsky.feed.getPosts', { uris: batch }, null)));
  return answers.flatMap((answer) => answer.posts);
}

/** The reads of the Bluesky platform on one upstream. */
export function blueskyReads(upstream: BlueskyUpstream): PlatformReads {
  const mentionsOf = (did: string) => (post: PostView) => (post.record.facets ?? []).some((facet) => facet.features.some((feature) => feature.did === did));

  return {
    getUser: (username) => getProfile(upstream, username),
    getUserById: (id) => getProfile(upstream, id),
    getUsersBatch: (usernames) => getUsersBatch(upstream, usernames),

    getUserTweets: async (username, page) => feedPage(authorFeed(upstream, await didOf(upstream, username), 'posts_no_replies'), page),
    getUserReplies: async (username, page) => feedPage(authorFeed(upstream, await didOf(upstream, username), 'posts_with_replies'), page),
    getUserMedia: async (username, page) =>
      // Reposts of others' media are not the user's media.
      feedPage(authorFeed(upstream, await didOf(upstream, username), 'posts_with_media'), page, (item) => !item.reason),
    getUserMentions: async (username, page) => {
      const profile = await getProfile(upstream, username);
      // Search by the handle as written in posts, restricted upstream to posts mentioning the DID
      // where the AppView supports it, and checked here against the posts' mention facets.
      const pager: UpstreamPager<PostView> = async (cursor, limit) => {
        const answer = await upstream.read<{ posts: PostView[]; cursor?: string }>(
          'app.bsky.feed.searchPosts',
          { q: profile.username, mentions: profile.id, sort: 'latest', limit, cursor },
          null,
          { needsSession: true },
        );
        return { items: answer.posts, cursor: answer.cursor };
      };
      return postPage(pager, page, mentionsOf(profile.id));
    },
    getUserFollowers: async (username, page) => userPage(upstream, graph(upstream, 'app.bsky.graph.getFollowers', await didOf(upstream, username)), page),
    getUserFollowing: async (username, page) => userPage(upstream, graph(upstream, 'app.bsky.graph.getFollows', await didOf(upstream, username)), page),
    getUserFollowerIds: async (username, page: PageRequest) =>
      pageOverUpstream({
        fetch: graph(upstream, 'app.bsky.graph.getFollowers', await didOf(upstream, username)),
        count: page.count,
        after: page.after,
        maxLimit: MAX_LIMIT,
        map: (items) => items.map((profile) => profile.did),
      }),
    getUserVerifiedFollowers: async (username, page) =>
      userPage(
        upstream,
        graph(upstream, 'app.bsky.graph.getFollowers', await didOf(upstream, username)),
        page,
        (profile) => profile.verification?.verifiedStatus === 'valid' || profile.verification?.trustedVerifierStatus === 'valid',
      ),

    getTweet: async (id) => {
      const [post] = await getPosts(upstream, [await uriOf(upstream, id, 'tweet')]);
      if (!post) throw new NotFoundError('tweet');
      return mapPost(post);
    },
    getTweetsBatch: async (ids) => {
      const uris = await Promise.all(ids.map((id) => uriOf(upstream, id, 'tweet').catch((error: unknown) => (error instanceof NotFoundError ? null : Promise.reject(error)))));
      const posts = await getPosts(
        upstream,
        uris.filter((uri): uri is string => uri !== null),
      );
      const byUri = new Map(posts.map((post) => [post.uri, post]));
      const items: Tweet[] = [];
      const seen = new Set<string>();
      const notFound: string[] = [];
      ids.forEach((id, index) => {
        const post = uris[index] ? byUri.get(uris[index]) : undefined;
        if (!post) notFound.push(id);
        else if (!seen.has(post.uri)) {
          seen.add(post.uri);
          items.push(mapPost(post));
        }
      });
      return { items, not_found: notFound };
    },
    getTweetConversation: async (id, page) => {
      const replies = await threadReplies(upstream, await uriOf(upstream, id, 'tweet'));
      // The whole thread comes in one answer: it is paged here as one upstream page.
      const pager: UpstreamPager<PostView> = async (cursor) => ({ items: cursor ? [] : replies });
      return postPage(pager, page);
    },
    getTweetQuotes: async (id, page) => {
      const uri = await uriOf(upstream, id, 'tweet');
      return postPage(async (cursor, limit) => {
        const answer = await upstream.read<{ posts: PostView[]; cursor?: string }>('app.bsky.feed.getQuotes', { uri, limit, cursor }, 'tweet');
        return { items: answer.posts, cursor: answer.cursor };
      }, page);
    },
    getTweetRetweeters: async (id, page) => {
      const uri = await uriOf(upstream, id, 'tweet');
      await ensurePost(upstream, uri);
      return userPage(
        upstream,
        async (cursor, limit) => {
          const answer = await upstream.read<{ repostedBy: ProfileView[]; cursor?: string }>('app.bsky.feed.getRepostedBy', { uri, limit, cursor }, 'tweet');
          return { items: answer.repostedBy, cursor: answer.cursor };
        },
        page,
      );
    },
    getTweetLikers: async (id, page) => {
      const uri = await uriOf(upstream, id, 'tweet');
      await ensurePost(upstream, uri);
      return userPage(
        upstream,
        async (cursor, limit) => {
          const answer = await upstream.read<{ likes: Array<{ actor: ProfileView }>; cursor?: string }>('app.bsky.feed.getLikes', { uri, limit, cursor }, 'tweet');
          return { items: answer.likes.map((like) => like.actor), cursor: answer.cursor };
        },
        page,
      );
    },

    getListTweets: async (listId, page) => {
      const list = await uriOf(upstream, listId, 'list');
      return feedPage(async (cursor, limit) => {
        const answer = await upstream.read<{ feed: FeedViewPost[]; cursor?: string }>('app.bsky.feed.getListFeed', { list, limit, cursor }, 'list');
        return { items: answer.feed, cursor: answer.cursor };
      }, page);
    },
    getListMembers: async (listId, page) => {
      const list = await uriOf(upstream, listId, 'list');
      return userPage(
        upstream,
        async (cursor, limit) => {
          const answer = await upstream.read<{ items: Array<{ subject: ProfileView }>; cursor?: string }>('app.bsky.graph.getList', { list, limit, cursor }, 'list');
          return { items: answer.items.map((item) => item.subject), cursor: answer.cursor };
        },
        page,
      );
    },
    getListSubscribers: () => lacking('getListSubscribers'),
    getListCounts: async (listId) => {
      const list = await uriOf(upstream, listId, 'list');
      const answer = await upstream.read<{ list: { listItemCount?: number } }>('app.bsky.graph.getList', { list, limit: 1 }, 'list');
      // Bluesky does not publish who subscribes to a list.
      return { members: answer.list.listItemCount ?? null, subscribers: null };
    },

    getCommunity: () => lacking('getCommunity'),
    getCommunityTweets: () => lacking('getCommunityTweets'),
    getCommunityMembers: () => lacking('getCommunityMembers'),

    searchTweets: (request) => searchTweets(upstream, request),
    searchUsers: async (request) => {
      const pager: UpstreamPager<ProfileView> = async (cursor, limit) => {
        const answer = await upstream.read<{ actors: ProfileView[]; cursor?: string }>('app.bsky.actor.searchActors', { q: request.query, limit, cursor }, null);
        return { items: answer.actors, cursor: answer.cursor };
      };
      return userPage(upstream, pager, request);
    },
    getTrending: async (request) => {
      const place = findTrendPlace(request.country ?? 'Worldwide');
      if (!place) throw new InvalidInputError(`unknown country "${request.country}"`, 'country');
      if (place.woeid !== 1) unavailable(`trends per country (only Worldwide; asked for ${place.name})`);
      const count = request.count ?? 20;
      const answer = await upstream.read<{ trends?: Array<{ topic: string; displayName?: string; link?: string; postCount?: number }> }>(
        'app.bsky.unspecced.getTrends',
        { limit: Math.min(count, 25) },
        null,
      );
      const trends = (answer.trends ?? [])
        .slice(0, count)
        .map((trend, index) => ({ rank: index + 1, name: trend.displayName || trend.topic, query: trend.topic, tweet_count: trend.postCount ?? 0 }));
      return { country: place.name, woeid: place.woeid, as_of: new Date().toISOString(), trends };
    },

    checkFollow: async (source, target) => {
      const [sourceUser, targetUser] = await Promise.all([getProfile(upstream, source), getProfile(upstream, target)]);
      const answer = await upstream.read<{ relationships: Array<{ did: string; following?: string; followedBy?: string; notFound?: boolean }> }>(
        'app.bsky.graph.getRelationships',
        { actor: sourceUser.id, others: [targetUser.id] },
        'user',
      );
      const relation = answer.relationships.find((entry) => entry.did === targetUser.id);
      return {
        source: { id: sourceUser.id, username: sourceUser.username },
        target: { id: targetUser.id, username: targetUser.username },
        following: Boolean(relation?.following),
        followed_by: Boolean(relation?.followedBy),
      };
    },
    checkRetweet: (tweetId, username) => checkRetweet(upstream, tweetId, username),
    checkLike: (tweetId, username) => checkLike(upstream, tweetId, username),
  };
}

/** 404 for a post that does not exist (likes and reposts of nothing are empty lists upstream, not errors). */
export async function ensurePost(upstream: BlueskyUpstream, uri: string): Promise<PostView> {
  const [post] = await getPosts(upstream, [uri]);
  if (!post) throw new NotFoundError('tweet');
  return post;
}

export { idOfUri, type Actor };

import type { Page, Tweet, TweetSearchRequest } from '../types';
import { mapPost, type PostView } from './map-records';
import { sortedTweetPage } from './sorted-pages';
import type { BlueskyUpstream } from './upstream';
import type { UpstreamPager } from '../upstream-pages';

/**
 * Post search. The query goes to Bluesky as written (it understands from:, mentions:, lang:,
 * since:, until: and #tags itself); the filters it lacks (min_likes, min_retweets, replies left
 * out) are applied here over its pages. Search never returns reposts, so include_retweets
 * changes nothing. The public AppView wants a session for search: the service account's.
 */
export function searchTweets(upstream: BlueskyUpstream, request: TweetSearchRequest): Promise<Page<Tweet>> {
  const pager: UpstreamPager<PostView> = async (cursor, limit) => {
    const answer = await upstream.read<{ posts: PostView[]; cursor?: string }>(
      'app.bsky.feed.searchPosts',
      { q: request.query, sort: 'latest', lang: request.lang, limit, cursor },
      null,
      { needsSession: true },
    );
    return { items: answer.posts, cursor: answer.cursor };
  };
  const keep = (post: PostView) =>
    (post.likeCount ?? 0) >= (request.min_likes ?? 0) &&
    (post.repostCount ?? 0) >= (request.min_retweets ?? 0) &&
    (request.include_replies !== false || !post.record.reply) &&
    (!request.lang || (post.record.langs ?? []).includes(request.lang));
  return sortedTweetPage(request.sort, { fetch: pager, count: request.count, after: request.after, maxLimit: 100, keep, map: (posts) => posts.map(mapPost) });
}

import { NotFoundError, UnavailableError } from '../errors';
import type { LikeCheck, RetweetCheck } from '../types';
import { idOfUri, type PostView, type ProfileView } from './map-records';
import { getProfile } from './profiles';
import { uriOf } from './resolve';
import type { BlueskyUpstream } from './upstream';

// Bluesky has no "did this user like / repost that post" lookup for other users: the checks read
// the post's likes, reposts and quotes page by page until the user shows up, within a bound.
// A post with more than that is answered 503 rather than with a guess.

const MAX_PAGES = 10;

async function scan<T>(upstream: BlueskyUpstream, nsid: string, uri: string, key: string, found: (item: T) => boolean): Promise<T | null> {
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await upstream.read<Record<string, unknown> & { cursor?: string }>(nsid, { uri, limit: 100, cursor }, 'tweet');
    const match = (answer[key] as T[]).find(found);
    if (match) return match;
    if (!answer.cursor || (answer[key] as T[]).length === 0) return null;
    cursor = answer.cursor;
  }
  throw new UnavailableError(`Bluesky: this post has more than ${MAX_PAGES * 100} ${key} to look through; the check is not available for it`);
}

async function postUri(upstream: BlueskyUpstream, tweetId: string): Promise<string> {
  const uri = await uriOf(upstream, tweetId, 'tweet');
  // Likes and reposts of a post that does not exist are an empty list upstream: ask for the post first.
  const answer = await upstream.read<{ posts: PostView[] }>('app.bsky.feed.getPosts', { uris: [uri] }, 'tweet');
  if (answer.posts.length === 0) throw new NotFoundError('tweet');
  return uri;
}

/** Whether the user likes the post, and since when. */
export async function checkLike(upstream: BlueskyUpstream, tweetId: string, username: string): Promise<LikeCheck> {
  const user = await getProfile(upstream, username);
  const uri = await postUri(upstream, tweetId);
  const like = await scan<{ actor: ProfileView; createdAt: string }>(upstream, 'app.bsky.feed.getLikes', uri, 'likes', (entry) => entry.actor.did === user.id);
  return { tweet_id: idOfUri(uri), user: { id: user.id, username: user.username }, liked: Boolean(like), liked_at: like ? new Date(like.createdAt).toISOString() : null };
}

/** Whether the user reposted the post, and which of their posts quote it. */
export async function checkRetweet(upstream: BlueskyUpstream, tweetId: string, username: string): Promise<RetweetCheck> {
  const user = await getProfile(upstream, username);
  const uri = await postUri(upstream, tweetId);
  const [repost, quotes] = await Promise.all([
    scan<ProfileView>(upstream, 'app.bsky.feed.getRepostedBy', uri, 'repostedBy', (entry) => entry.did === user.id),
    quotesBy(upstream, uri, user.id),
  ]);
  return {
    tweet_id: idOfUri(uri),
    user: { id: user.id, username: user.username },
    retweeted: Boolean(repost),
    retweeted_at: null, // Bluesky lists reposters without the time of their repost
    quoted: quotes.length > 0,
    quote_tweet_ids: quotes,
  };
}

async function quotesBy(upstream: BlueskyUpstream, uri: string, did: string): Promise<string[]> {
  const ids: Array<{ id: string; at: string }> = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await upstream.read<{ posts: PostView[]; cursor?: string }>('app.bsky.feed.getQuotes', { uri, limit: 100, cursor }, 'tweet');
    for (const post of answer.posts) if (post.author.did === did) ids.push({ id: idOfUri(post.uri), at: post.indexedAt });
    if (!answer.cursor || answer.posts.length === 0) return ids.sort((a, b) => b.at.localeCompare(a.at)).map((entry) => entry.id);
    cursor = answer.cursor;
  }
  throw new UnavailableError(`Bluesky: this post has more than ${MAX_PAGES * 100} quotes to look through; the check is not available for it`);
}

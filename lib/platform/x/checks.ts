import { UnavailableError } from '../errors';
import type { LikeCheck, RetweetCheck } from '../types';
import { TWEET_QUERY, USER_QUERY } from './fields';
import { lookupTweet, xUserByUsername } from './lookups';
import type { XUpstream } from './upstream';
import type { XTweet, XUser } from './x-types';

// X answers "who liked / retweeted / quoted this post" but not "did this user like that post"
// for users other than the caller: the checks read those lists page by page until the user shows
// up, within a bound. A post with more than that is answered 503 rather than with a guess. X does
// not say when a like or a retweet happened: liked_at and retweeted_at are null.

const MAX_PAGES = 10;

async function scan<T>(upstream: XUpstream, path: string, query: Record<string, string>, what: string, found: (item: T) => boolean): Promise<T[]> {
  const matches: T[] = [];
  let token: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await upstream.read<T[]>(path, { ...query, max_results: 100, pagination_token: token }, 'tweet');
    matches.push(...(answer.data ?? []).filter(found));
    token = answer.meta?.next_token;
    if (!token || !answer.data?.length) return matches;
  }
  throw new UnavailableError(`X: this post has more than ${MAX_PAGES * 100} ${what} to look through; the check is not available for it`);
}

/** Whether the user likes the post. */
export async function checkLike(upstream: XUpstream, tweetId: string, username: string): Promise<LikeCheck> {
  const user = await xUserByUsername(upstream, username);
  await lookupTweet(upstream, tweetId);
  const likers = await scan<XUser>(upstream, `tweets/${tweetId}/liking_users`, USER_QUERY, 'likes', (liker) => liker.id === user.id);
  return { tweet_id: tweetId, user: { id: user.id, username: user.username }, liked: likers.length > 0, liked_at: null };
}

/** Whether the user retweeted the post, and which of their posts quote it (newest first). */
export async function checkRetweet(upstream: XUpstream, tweetId: string, username: string): Promise<RetweetCheck> {
  const user = await xUserByUsername(upstream, username);
  await lookupTweet(upstream, tweetId);
  const [retweeters, quotes] = await Promise.all([
    scan<XUser>(upstream, `tweets/${tweetId}/retweeted_by`, USER_QUERY, 'retweets', (retweeter) => retweeter.id === user.id),
    scan<XTweet>(upstream, `tweets/${tweetId}/quote_tweets`, TWEET_QUERY, 'quotes', (quote) => quote.author_id === user.id),
  ]);
  const quoteIds = quotes.sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? '') || b.id.localeCompare(a.id)).map((quote) => quote.id);
  return { tweet_id: tweetId, user: { id: user.id, username: user.username }, retweeted: retweeters.length > 0, retweeted_at: null, quoted: quoteIds.length > 0, quote_tweet_ids: quoteIds };
}

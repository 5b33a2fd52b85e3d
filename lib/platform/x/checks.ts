import type { Client } from '@xdevplatform/xdk';
import { UnavailableError } from '../errors';
import type { LikeCheck, RetweetCheck } from '../types';
import { lookupTweet, xUserByUsername } from './lookups';
import { isXId } from './trusted';
import type { XUpstream } from './upstream';
import type { XAnswer } from './x-types';

// X answers "who liked / reposted / quoted this post" but not "did this user like that post"
// for users other than the caller: the checks read those lists page by page until the user shows
// up, within a bound. A post with more than that is answered 503 rather than with a guess. X does
// not say when a like or a repost happened: liked_at and retweeted_at are null. The pages ask for
// ids only (and a quote's author and time), the least X can send.

const MAX_PAGES = 10;

type Scan<T> = { name: string; tweetId: string; what: string; call: (client: Client, token: string | undefined) => Promise<XAnswer<T[]>>; found: (item: T) => boolean };

async function scan<T>(upstream: XUpstream, { name, tweetId, what, call, found }: Scan<T>): Promise<T[]> {
  const matches: T[] = [];
  let token: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const current = token;
    const answer = await upstream.read(name, [tweetId, current], 'tweet', (x) => call(x, current));
    matches.push(...(answer.data ?? []).filter(found));
    token = answer.meta?.nextToken;
    if (!token || !answer.data?.length) return matches;
  }
  throw new UnavailableError(`X: this post has more than ${MAX_PAGES * 100} ${what} to look through; the check is not available for it`);
}

/** Whether the user likes the post. */
export async function checkLike(upstream: XUpstream, tweetId: string, username: string): Promise<LikeCheck> {
  const user = await xUserByUsername(upstream, username);
  await lookupTweet(upstream, tweetId);
  const likers = await scan(upstream, {
    name: 'checks.likingUsers',
    tweetId,
    what: 'likes',
    call: (x, token) => x.posts.getLikingUsers(tweetId, { maxResults: 100, paginationToken: token }),
    found: (liker) => liker.id === user.id,
  });
  return { tweet_id: tweetId, user: { id: user.id, username: user.username }, liked: likers.length > 0, liked_at: null };
}

/** Whether the user reposted the post, and which of their posts quote it (newest first). */
export async function checkRetweet(upstream: XUpstream, tweetId: string, username: string): Promise<RetweetCheck> {
  const user = await xUserByUsername(upstream, username);
  await lookupTweet(upstream, tweetId);
  const [retweeters, quotes] = await Promise.all([
    scan(upstream, {
      name: 'checks.repostedBy',
      tweetId,
      what: 'retweets',
      call: (x, token) => x.posts.getRepostedBy(tweetId, { maxResults: 100, paginationToken: token }),
      found: (retweeter) => retweeter.id === user.id,
    }),
    scan(upstream, {
      name: 'checks.quoted',
      tweetId,
      what: 'quotes',
      call: (x, token) => x.posts.getQuoted(tweetId, { maxResults: 100, paginationToken: token, postFields: ['created_at'], expansions: ['author_id'] }),
      found: (quote) => quote.authorId === user.id,
    }),
  ]);
  const quoteIds = quotes
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || (b.id ?? '').localeCompare(a.id ?? ''))
    .flatMap((quote) => (isXId(quote.id) ? [quote.id] : []));
  return { tweet_id: tweetId, user: { id: user.id, username: user.username }, retweeted: retweeters.length > 0, retweeted_at: null, quoted: quoteIds.length > 0, quote_tweet_ids: quoteIds };
}

import type { Page, Tweet, TweetPageRequest } from '@/lib/platform/types';
import { resolveUser } from './resolve-user';
import { SqlParams } from './sql-params';
import { confirmSubject, userIdOf } from './subject';
import { tweetPage } from './tweet-page';

/** A user's tweets and replies: everything they posted, retweets included (index tweets_author). */
export async function getUserReplies(username: string, request: TweetPageRequest): Promise<Page<Tweet>> {
  const params = new SqlParams();
  const where = [`t.author_id = ${userIdOf(params, username)}`];
  const page = await tweetPage({ from: 'platform.tweets t', where, prepared: true }, params, request);
  return confirmSubject(page, () => resolveUser(username));
}

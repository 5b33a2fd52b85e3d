import type { Page, Tweet, TweetPageRequest } from '@/lib/platform/types';
import { resolveUser } from './resolve-user';
import { SqlParams } from './sql-params';
import { confirmSubject, userIdOf } from './subject';
import { tweetPage } from './tweet-page';

/** Tweets mentioning a user, driven by tweet_mentions (user_id, tweet_id) so `latest` is one index range. */
export async function getUserMentions(username: string, request: TweetPageRequest): Promise<Page<Tweet>> {
  const params = new SqlParams();
  const where = [`m.user_id = ${userIdOf(params, username)}`];
  const from = 'platform.tweet_mentions m JOIN platform.tweets t ON t.id = m.tweet_id';
  const page = await tweetPage({ from, where, id: 'm.tweet_id', prepared: true }, params, request);
  return confirmSubject(page, () => resolveUser(username));
}

import type { Page, Tweet, TweetPageRequest } from '@/lib/platform/types';
import { resolveUser } from './resolve-user';
import { SqlParams } from './sql-params';
import { confirmSubject, userIdOf } from './subject';
import { tweetPage } from './tweet-page';

/** A user's own tweets that carry media, replies included (index tweets_author_media). */
export async function getUserMedia(username: string, request: TweetPageRequest): Promise<Page<Tweet>> {
  const params = new SqlParams();
  const where = [`t.author_id = ${userIdOf(params, username)}`, 't.has_media'];
  const page = await tweetPage({ from: 'platform.tweets t', where, prepared: true }, params, request);
  return confirmSubject(page, () => resolveUser(username));
}

import { NotFoundError } from '@/lib/platform/errors';
import type { Page, Tweet, TweetPageRequest } from '@/lib/platform/types';
import { storableId } from './ids';
import { requireRow } from './require-row';
import { SqlParams } from './sql-params';
import { confirmSubject } from './subject';
import { tweetPage } from './tweet-page';

/** The tweets quoting a tweet (index tweets_quotes). */
export async function getTweetQuotes(tweetId: string, request: TweetPageRequest): Promise<Page<Tweet>> {
  const id = storableId(tweetId);
  if (id === null) throw new NotFoundError('tweet');
  const params = new SqlParams();
  const where = [`t.quoted_tweet_id = ${params.add(id, 'bigint')}`];
  const page = await tweetPage({ from: 'platform.tweets t', where, prepared: true }, params, request);
  return confirmSubject(page, () => requireRow('tweet', id));
}

import { NotFoundError } from '@/lib/platform/errors';
import type { Page, Tweet, TweetPageRequest } from '@/lib/platform/types';
import { storableId } from './ids';
import { requireRow } from './require-row';
import { SqlParams } from './sql-params';
import { confirmSubject } from './subject';
import { tweetPage } from './tweet-page';

/** Tweets posted in a community (index tweets_community). */
export async function getCommunityTweets(communityId: string, request: TweetPageRequest): Promise<Page<Tweet>> {
  const id = storableId(communityId);
  if (id === null) throw new NotFoundError('community');
  const params = new SqlParams();
  const where = [`t.community_id = ${params.add(id, 'bigint')}`];
  const page = await tweetPage({ from: 'platform.tweets t', where, prepared: true }, params, request);
  return confirmSubject(page, () => requireRow('community', id));
}

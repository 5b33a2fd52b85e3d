import { NotFoundError } from '@/lib/platform/errors';
import type { Page, User, UserPageRequest } from '@/lib/platform/types';
import { storableId } from './ids';
import { requireRow } from './require-row';
import { newestEdgeFirst } from './sorts';
import { SqlParams } from './sql-params';
import { confirmSubject } from './subject';
import { userPage } from './user-page';

/** The users who retweeted a tweet; a retweet is a tweet row, so newest first is its id descending (index tweets_retweets). */
export async function getTweetRetweeters(tweetId: string, request: UserPageRequest): Promise<Page<User>> {
  const id = storableId(tweetId);
  if (id === null) throw new NotFoundError('tweet');
  const params = new SqlParams();
  const page = await userPage(
    {
      from: 'platform.tweets rt JOIN platform.users u ON u.id = rt.author_id',
      where: [`rt.retweeted_tweet_id = ${params.add(id, 'bigint')}`],
      defaultOrder: newestEdgeFirst('rt.id'),
      prepared: true,
    },
    params,
    request,
  );
  return confirmSubject(page, () => requireRow('tweet', id));
}

import { NotFoundError } from '@/lib/platform/errors';
import type { Page, User, UserPageRequest } from '@/lib/platform/types';
import { storableId } from './ids';
import { requireRow } from './require-row';
import { newestEdgeFirst } from './sorts';
import { SqlParams } from './sql-params';
import { confirmSubject } from './subject';
import { userPage } from './user-page';

/** The users who liked a tweet, newest like first (index likes_tweet). */
export async function getTweetLikers(tweetId: string, request: UserPageRequest): Promise<Page<User>> {
  const id = storableId(tweetId);
  if (id === null) throw new NotFoundError('tweet');
  const params = new SqlParams();
  const page = await userPage(
    {
      from: 'platform.likes l JOIN platform.users u ON u.id = l.user_id',
      where: [`l.tweet_id = ${params.add(id, 'bigint')}`],
      defaultOrder: newestEdgeFirst('l.id'),
      prepared: true,
    },
    params,
    request,
  );
  return confirmSubject(page, () => requireRow('tweet', id));
}

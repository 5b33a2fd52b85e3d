import type { Page, User, UserPageRequest } from '@/lib/platform/types';
import { resolveUser } from './resolve-user';
import { newestEdgeFirst } from './sorts';
import { SqlParams } from './sql-params';
import { confirmSubject, userIdOf } from './subject';
import { userPage } from './user-page';

/** The users a user follows (index follows_following: newest follow first). */
export async function getUserFollowing(username: string, request: UserPageRequest): Promise<Page<User>> {
  const params = new SqlParams();
  const page = await userPage(
    {
      from: 'platform.follows f JOIN platform.users u ON u.id = f.followee_id',
      where: [`f.follower_id = ${userIdOf(params, username)}`],
      defaultOrder: newestEdgeFirst('f.id'),
      prepared: true,
    },
    params,
    request,
  );
  return confirmSubject(page, () => resolveUser(username));
}

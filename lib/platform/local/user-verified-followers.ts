import type { Page, User, UserPageRequest } from '@/lib/platform/types';
import { resolveUser } from './resolve-user';
import { newestEdgeFirst } from './sorts';
import { SqlParams } from './sql-params';
import { confirmSubject, userIdOf } from './subject';
import { userPage } from './user-page';

/** The blue-verified users following a user, newest follow first by default. */
export async function getUserVerifiedFollowers(username: string, request: UserPageRequest): Promise<Page<User>> {
  const params = new SqlParams();
  const page = await userPage(
    {
      from: 'platform.follows f JOIN platform.users u ON u.id = f.follower_id',
      where: [`f.followee_id = ${userIdOf(params, username)}`, 'u.is_blue_verified'],
      defaultOrder: newestEdgeFirst('f.id'),
      prepared: true,
    },
    params,
    request,
  );
  return confirmSubject(page, () => resolveUser(username));
}

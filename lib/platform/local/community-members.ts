import { NotFoundError } from '@/lib/platform/errors';
import type { Page, User, UserPageRequest } from '@/lib/platform/types';
import { storableId } from './ids';
import { requireRow } from './require-row';
import { newestEdgeFirst } from './sorts';
import { SqlParams } from './sql-params';
import { confirmSubject } from './subject';
import { userPage } from './user-page';

/** A community's members, newest member first (index community_members_order). */
export async function getCommunityMembers(communityId: string, request: UserPageRequest): Promise<Page<User>> {
  const id = storableId(communityId);
  if (id === null) throw new NotFoundError('community');
  const params = new SqlParams();
  const page = await userPage(
    {
      from: 'platform.community_members cm JOIN platform.users u ON u.id = cm.user_id',
      where: [`cm.community_id = ${params.add(id, 'bigint')}`],
      defaultOrder: newestEdgeFirst('cm.id'),
      prepared: true,
    },
    params,
    request,
  );
  return confirmSubject(page, () => requireRow('community', id));
}

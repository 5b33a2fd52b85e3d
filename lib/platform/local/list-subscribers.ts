import { NotFoundError } from '@/lib/platform/errors';
import type { Page, User, UserPageRequest } from '@/lib/platform/types';
import { storableId } from './ids';
import { requireRow } from './require-row';
import { newestEdgeFirst } from './sorts';
import { SqlParams } from './sql-params';
import { confirmSubject } from './subject';
import { userPage } from './user-page';

/** A list's subscribers, newest subscription first (index list_subscribers_order). */
export async function getListSubscribers(listId: string, request: UserPageRequest): Promise<Page<User>> {
  const id = storableId(listId);
  if (id === null) throw new NotFoundError('list');
  const params = new SqlParams();
  const page = await userPage(
    {
      from: 'platform.list_subscribers ls JOIN platform.users u ON u.id = ls.user_id',
      where: [`ls.list_id = ${params.add(id, 'bigint')}`],
      defaultOrder: newestEdgeFirst('ls.id'),
      prepared: true,
    },
    params,
    request,
  );
  return confirmSubject(page, () => requireRow('list', id));
}

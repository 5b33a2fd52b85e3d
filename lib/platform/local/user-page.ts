import type { Page, User, UserPageRequest } from '@/lib/platform/types';
import { afterCondition, cutPage, keySelect, orderBy, pageSize, type KeyRow, type KeysetOrder } from './keyset';
import { runQuery } from './query';
import { userOrder } from './sorts';
import type { SqlParams } from './sql-params';
import { USER_COLUMNS, toUser, type UserRow } from './user-row';

/** Which users a list holds: a FROM item naming platform.users `u` (joined to its edge table), and conditions. */
export type UserSource = {
  from: string;
  where: readonly string[];
  /** The order of the `default` sort: newest relationship first, or relevance for searches. */
  defaultOrder: KeysetOrder;
  prepared: boolean;
};

/** One page of a user list in the requested sort, in one query. */
export async function userPage(source: UserSource, params: SqlParams, request: UserPageRequest): Promise<Page<User>> {
  const size = pageSize(request.count);
  const order = userOrder(request.sort, source.defaultOrder);
  const after = afterCondition(order, request.after, params);
  const where = after === null ? source.where : [...source.where, after];
  const text = `SELECT ${USER_COLUMNS}, ${keySelect(order)}
    FROM ${source.from}
    ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY ${orderBy(order)} LIMIT ${params.add(size + 1)}`;
  const rows = await runQuery<UserRow & KeyRow>(text, params.values, { prepared: source.prepared });
  const page = cutPage(rows, size, order);
  return { items: page.rows.map(toUser), next: page.next };
}

import type { Page, PageRequest } from '@/lib/platform/types';
import { afterCondition, cutPage, keySelect, orderBy, pageSize, type KeyRow } from './keyset';
import { runQuery } from './query';
import { resolveUser } from './resolve-user';
import { newestEdgeFirst } from './sorts';
import { SqlParams } from './sql-params';
import { confirmSubject, userIdOf } from './subject';

/** Follower ids only, newest follow first: an index-only scan of follows_followers, up to 5000 a page. */
export async function getUserFollowerIds(username: string, request: PageRequest): Promise<Page<string>> {
  const size = pageSize(request.count, 5000);
  const order = newestEdgeFirst('f.id');
  const params = new SqlParams();
  const where = [`f.followee_id = ${userIdOf(params, username)}`];
  const after = afterCondition(order, request.after, params);
  if (after !== null) where.push(after);
  const text = `SELECT f.follower_id::text AS id, ${keySelect(order)} FROM platform.follows f
    WHERE ${where.join(' AND ')} ORDER BY ${orderBy(order)} LIMIT ${params.add(size + 1)}`;
  const rows = await runQuery<{ id: string } & KeyRow>(text, params.values, { prepared: true });
  const page = cutPage(rows, size, order);
  return confirmSubject({ items: page.rows.map((row) => row.id), next: page.next }, () => resolveUser(username));
}

import { NotFoundError } from '@/lib/platform/errors';
import type { ListCounts } from '@/lib/platform/types';
import { storableId } from './ids';
import { runQuery } from './query';

/** A list's member and subscriber counts (kept with the list as members and subscribers change); NotFoundError for no such list. */
export async function getListCounts(listId: string): Promise<ListCounts> {
  const id = storableId(listId);
  if (id === null) throw new NotFoundError('list');
  const rows = await runQuery<{ member_count: number; subscriber_count: number }>('SELECT member_count, subscriber_count FROM platform.lists WHERE id = $1', [id], { prepared: true });
  if (!rows[0]) throw new NotFoundError('list');
  return { members: rows[0].member_count, subscribers: rows[0].subscriber_count };
}

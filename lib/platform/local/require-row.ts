import { NotFoundError } from '@/lib/platform/errors';
import { storableId } from './ids';
import { runQuery } from './query';

const EXISTS = {
  tweet: 'SELECT 1 FROM platform.tweets WHERE id = $1',
  list: 'SELECT 1 FROM platform.lists WHERE id = $1',
  community: 'SELECT 1 FROM platform.communities WHERE id = $1',
} as const;

/** The id in canonical form, once a tweet, list or community with it is known to exist; NotFoundError otherwise. */
export async function requireRow(kind: keyof typeof EXISTS, rawId: string): Promise<string> {
  const id = storableId(rawId);
  if (id === null) throw new NotFoundError(kind);
  const rows = await runQuery(EXISTS[kind], [id], { prepared: true });
  if (rows.length === 0) throw new NotFoundError(kind);
  return id;
}

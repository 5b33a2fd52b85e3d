import { NotFoundError } from '@/lib/platform/errors';
import type { UserRef } from '@/lib/platform/types';
import { usernameKey } from './ids';
import { runQuery } from './query';

const USER_REF_BY_USERNAME = 'SELECT id::text AS id, username FROM platform.users WHERE lower(username) = $1';

/** The id and stored spelling of a username (any case, leading @ allowed); NotFoundError when there is none. */
export async function resolveUser(username: string): Promise<UserRef> {
  const key = usernameKey(username);
  if (key === null) throw new NotFoundError('user');
  const rows = await runQuery<UserRef>(USER_REF_BY_USERNAME, [key], { prepared: true });
  if (rows.length === 0) throw new NotFoundError('user');
  return rows[0];
}

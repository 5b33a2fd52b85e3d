import { NotFoundError } from '@/lib/platform/errors';
import type { User } from '@/lib/platform/types';
import { usernameKey } from './ids';
import { runQuery } from './query';
import { USER_COLUMNS, toUser, type UserRow } from './user-row';

const USER_BY_USERNAME = `SELECT ${USER_COLUMNS} FROM platform.users u WHERE lower(u.username) = $1`;

/** A profile by username: case-insensitive, a leading @ dropped. */
export async function getUser(username: string): Promise<User> {
  const key = usernameKey(username);
  if (key === null) throw new NotFoundError('user');
  const rows = await runQuery<UserRow>(USER_BY_USERNAME, [key], { prepared: true });
  if (rows.length === 0) throw new NotFoundError('user');
  return toUser(rows[0]);
}

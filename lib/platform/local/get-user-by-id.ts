import { NotFoundError } from '@/lib/platform/errors';
import type { User } from '@/lib/platform/types';
import { storableId } from './ids';
import { runQuery } from './query';
import { USER_COLUMNS, toUser, type UserRow } from './user-row';

const USER_BY_ID = `SELECT ${USER_COLUMNS} FROM platform.users u WHERE u.id = $1`;

/** A profile by id. */
export async function getUserById(userId: string): Promise<User> {
  const id = storableId(userId);
  if (id === null) throw new NotFoundError('user');
  const rows = await runQuery<UserRow>(USER_BY_ID, [id], { prepared: true });
  if (rows.length === 0) throw new NotFoundError('user');
  return toUser(rows[0]);
}

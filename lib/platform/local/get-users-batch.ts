import type { BatchResult, User } from '@/lib/platform/types';
import { usernameKey } from './ids';
import { runQuery } from './query';
import { USER_COLUMNS, toUser, type UserRow } from './user-row';

const USERS_BY_USERNAMES = `SELECT ${USER_COLUMNS} FROM platform.users u WHERE lower(u.username) = ANY($1::text[])`;

/**
 * Profiles for up to 100 usernames in one query, in request order. Names that point at the
 * same user ("alice", "@Alice") return it once; `not_found` lists the names as given.
 */
export async function getUsersBatch(usernames: readonly string[]): Promise<BatchResult<User>> {
  const keys = [...new Set(usernames.map(usernameKey).filter((k): k is string => k !== null))];
  const rows = keys.length === 0 ? [] : await runQuery<UserRow>(USERS_BY_USERNAMES, [keys], { prepared: true });
  const byKey = new Map(rows.map((row) => [row.username.toLowerCase(), row]));
  const items: User[] = [];
  const seen = new Set<string>();
  const notFound = new Set<string>();
  for (const name of usernames) {
    const key = usernameKey(name);
    const row = key === null ? undefined : byKey.get(key);
    if (!row) {
      notFound.add(name);
      continue;
    }
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    items.push(toUser(row));
  }
  return { items, not_found: [...notFound] };
}

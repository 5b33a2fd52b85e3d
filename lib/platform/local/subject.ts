import { NotFoundError } from '@/lib/platform/errors';
import type { Page } from '@/lib/platform/types';
import { usernameKey } from './ids';
import type { SqlParams } from './sql-params';

/**
 * The user's id as a scalar subquery, resolved inside the page's own statement: a page is
 * one round trip. NotFoundError at once for a username no user can have.
 */
export function userIdOf(params: SqlParams, username: string): string {
  const key = usernameKey(username);
  if (key === null) throw new NotFoundError('user');
  return `(SELECT id FROM platform.users WHERE lower(username) = ${params.add(key, 'text')})`;
}

/**
 * A page whose subject (user, tweet, list, community) was resolved inside its statement
 * cannot tell "nothing there" from "no such subject": only an empty page pays for the
 * existence check, which throws NotFoundError when the subject is missing.
 */
export async function confirmSubject<T>(page: Page<T>, exists: () => Promise<unknown>): Promise<Page<T>> {
  if (page.items.length === 0) await exists();
  return page;
}

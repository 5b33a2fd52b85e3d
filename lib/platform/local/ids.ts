const MAX_BIGINT = 9223372036854775807n;
const USERNAME = /^[a-z0-9_]{1,15}$/;

/**
 * The id in canonical form ("0123" → "123") if it can name a stored row (decimal digits
 * within PostgreSQL's bigint), else null: an id that cannot exist is simply not found, and
 * passing it on would make the query fail.
 */
export function storableId(id: string): string | null {
  if (!/^[0-9]{1,19}$/.test(id)) return null;
  const value = BigInt(id);
  return value <= MAX_BIGINT ? value.toString() : null;
}

/** The lookup key of a username: without a leading @, lower case; null when no user can have it. */
export function usernameKey(username: string): string | null {
  const key = username.trim().replace(/^@/, '').toLowerCase();
  return USERNAME.test(key) ? key : null;
}

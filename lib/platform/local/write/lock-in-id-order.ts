import type pg from 'pg';

/**
 * Locks users rows for an update in id order. A multi-row UPDATE locks rows in scan order,
 * which on a small table is physical order and changes as rows are rewritten: two users
 * following each other at the same moment would then deadlock.
 */
export async function lockUsersInIdOrder(client: pg.PoolClient, ids: readonly string[]): Promise<void> {
  await client.query({
    name: 'write_lock_users_in_order',
    text: 'SELECT id FROM platform.users WHERE id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE',
    values: [ids],
  });
}

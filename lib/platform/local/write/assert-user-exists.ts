import type pg from 'pg';
import { NotFoundError } from '@/lib/platform/errors';
import { storableId } from '../ids';

/** Throws NotFoundError unless the acting user exists. */
export async function assertUserExists(client: pg.PoolClient, userId: string): Promise<void> {
  const found = storableId(userId) !== null
    ? await client.query({ name: 'write_user_exists', text: 'SELECT 1 FROM platform.users WHERE id = $1', values: [userId] })
    : { rowCount: 0 };
  if (found.rowCount === 0) throw new NotFoundError(`user ${userId} not found`);
}

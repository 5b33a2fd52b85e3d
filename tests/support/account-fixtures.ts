import crypto from 'node:crypto';
import { getPool } from '@/lib/db/pool';

/** Inserts a Perch account (public.users) with a unique id and email; returns its id. */
export async function createTestUser(label = 'user'): Promise<string> {
  const id = `test_${label}_${crypto.randomBytes(6).toString('hex')}`;
  await getPool().query('INSERT INTO users (id, email, updated_at) VALUES ($1, $2, now())', [id, `${id}@example.test`]);
  return id;
}

/** Polls `probe` until it returns true, failing after `timeoutMs`: for events, not for time. */
export async function waitFor(probe: () => Promise<boolean> | boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

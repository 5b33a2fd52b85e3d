import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toApiError } from '@/lib/api/to-api-error';
import { getMeterPool, getPool } from '@/lib/db/pool';
import { inTransaction } from '@/lib/db/transaction';

// The database dropping a connection that code holds checked out (a write transaction in
// progress) must fail that code's work, not crash the process: pg emits 'error' on the client,
// and an 'error' event nobody listens to is an uncaught exception.

const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);
let admin: pg.Client;

beforeAll(async () => {
  process.on('uncaughtException', onUncaught);
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
});
afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  await admin.end();
});
afterEach(() => expect(uncaught).toEqual([]));

async function terminate(pid: number): Promise<void> {
  const { rows } = await admin.query<{ done: boolean }>('SELECT pg_terminate_backend($1, 5000) AS done', [pid]);
  expect(rows[0].done).toBe(true);
}

/** Waits until the client has seen its connection end (the moment pg emits 'error'). */
function connectionEnded(client: pg.PoolClient): Promise<void> {
  return new Promise((resolve) => client.once('end', () => resolve()));
}

describe('a connection dropped while checked out', () => {
  it('fails a write transaction whose connection is terminated between statements, without an uncaught exception', async () => {
    const attempt = inTransaction(async (client) => {
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const ended = connectionEnded(client);
      await terminate(rows[0].pid);
      await ended; // no query in flight: only the 'error' event reports the loss
      await client.query('SELECT 1');
    });
    const error = await attempt.catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Error);
    const apiError = toApiError(error, 'req_test');
    expect(apiError.status).toBe(503);
    expect(apiError.code).toBe('unavailable');
    expect(apiError.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('fails a write transaction whose connection is terminated during a statement', async () => {
    const attempt = inTransaction(async (client) => {
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // Both awaited together: the statement fails while the termination is still being confirmed.
      await Promise.all([client.query('SELECT pg_sleep(30)'), terminate(rows[0].pid)]);
    });
    expect(toApiError(await attempt.catch((thrown: unknown) => thrown), 'req_test').code).toBe('unavailable');
  });

  it('leaves the pools working: the broken clients are dropped and new ones connect', async () => {
    // Every pooled connection of both pools terminated at once, as a database restart does.
    const held = await Promise.all([getPool().connect(), getPool().connect(), getMeterPool().connect()]);
    const ended = held.map(connectionEnded);
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name IN ('perch', 'perch-meter') AND pid <> pg_backend_pid()`);
    await Promise.all(ended);
    held.forEach((client) => client.release(true));
    expect((await getPool().query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect((await getMeterPool().query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect(await inTransaction(async (client) => (await client.query<{ one: number }>('SELECT 1 AS one')).rows[0].one)).toBe(1);
  });
});

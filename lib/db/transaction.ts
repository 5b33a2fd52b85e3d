import type pg from 'pg';
import { getPool } from '@/lib/db/pool';
import { inTransactionSpan } from '@/lib/observability/db-spans';

// Concurrent writes touch the same hot rows (a popular tweet's counts, its author) in
// different orders; PostgreSQL then aborts one of them. Running it again is always safe
// because the aborted attempt changed nothing.
const RETRYABLE = new Set(['40P01', '40001']); // deadlock_detected, serialization_failure
const ATTEMPTS = 4;

/** Runs `work` in one transaction on the shared pool, retrying it when PostgreSQL aborts it for a deadlock (so `work` must do nothing outside the database). */
export function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  // One span for the whole transaction, retries included (tracing on; off, just the call).
  return inTransactionSpan(() => runTransaction(work));
}

async function runTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = await getPool().connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // A failed ROLLBACK means the connection itself is gone: it must not go back to the pool.
      await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      const code = (error as { code?: unknown }).code;
      if (attempt < ATTEMPTS && typeof code === 'string' && RETRYABLE.has(code)) continue;
      throw error;
    } finally {
      client.release(broken);
    }
  }
}

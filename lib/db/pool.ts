import { componentLogger } from '@/lib/observability/logger';
import pg from 'pg';
import { traceStatements } from '@/lib/observability/db-spans';

const log = componentLogger('db');

// One pool per process, shared by the /v2 hot path, Prisma (through PrismaPg) and the
// platform module. Kept on globalThis because Next.js may load this module more than once.
const globalForPool = globalThis as typeof globalThis & { perchPool?: pg.Pool; perchMeterPool?: pg.Pool };

// A connection attempt to a database that does not answer (a host gone, not a refused port)
// fails after this instead of holding the request until the client gives up.
const CONNECT_TIMEOUT_MS = Number(process.env.PERCH_DB_CONNECT_TIMEOUT_MS ?? 5000);
// During an outage every pooled connection reports its loss: one line per this many ms.
const LOSS_LOG_INTERVAL_MS = 30_000;
let lastLossLogged = -Infinity;

function logConnectionLoss(pool: string, error: Error): void {
  if (performance.now() - lastLossLogged < LOSS_LOG_INTERVAL_MS) return;
  lastLossLogged = performance.now();
  log.error({ pool }, `${pool} connection lost: ${error.message} (more losses in the next ${LOSS_LOG_INTERVAL_MS / 1000} s are not logged)`);
}

/**
 * Makes a lost connection harmless wherever it happens. The pool itself only listens to idle
 * clients; a client checked out (a transaction in progress, a LISTEN connection) whose
 * connection drops emits 'error' with no listener, which would crash the process. Every client
 * gets a listener for its whole life: the query in flight fails on its own and the client,
 * no longer queryable, is dropped by the pool when released.
 */
function guardConnections(pool: pg.Pool, name: string): pg.Pool {
  pool.on('error', (error) => logConnectionLoss(name, error));
  pool.on('connect', (client) => client.on('error', (error) => logConnectionLoss(name, error)));
  return pool;
}

/** The process-wide pg pool for DATABASE_URL, created on first use. */
export function getPool(): pg.Pool {
  if (!globalForPool.perchPool) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error('DATABASE_URL is not set: start Perch through server.ts or set it');
    // After a database restart the pool recovers by itself: broken clients are dropped and
    // the next query opens a new connection.
    // With tracing on, each statement is a span (lib/observability/db-spans.ts); off, untouched.
    globalForPool.perchPool = traceStatements(
      guardConnections(
        new pg.Pool({
          connectionString,
          max: Number(process.env.PERCH_DB_POOL_SIZE ?? 20),
          application_name: 'perch',
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        }),
        'pool',
      ),
      'main',
    );
  }
  return globalForPool.perchPool;
}

/**
 * The pool for the per-request metering statements (credit hold and settle), whose commits
 * do not wait for the WAL flush (synchronous_commit off). Every call of a key locks its
 * account's balance row twice; waiting for fsync while holding that lock more than halved
 * one account's throughput (npm run bench). Each statement stays atomic, so a database
 * crash can only lose the last fraction of a second of them: a lost hold took its debit
 * with it, and a lost settle leaves a hold the sweeper refunds in full. Credits are never
 * lost; at worst the last calls before a crash go uncharged.
 */
export function getMeterPool(): pg.Pool {
  if (!globalForPool.perchMeterPool) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error('DATABASE_URL is not set: start Perch through server.ts or set it');
    globalForPool.perchMeterPool = traceStatements(
      guardConnections(
        new pg.Pool({
          connectionString,
          max: Number(process.env.PERCH_DB_METER_POOL_SIZE ?? 10),
          application_name: 'perch-meter',
          options: '-c synchronous_commit=off',
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        }),
        'metering',
      ),
      'meter',
    );
  }
  return globalForPool.perchMeterPool;
}

/** Closes the shared pools, if they were opened. */
export async function closePool(): Promise<void> {
  const pools = [globalForPool.perchPool, globalForPool.perchMeterPool];
  globalForPool.perchPool = undefined;
  globalForPool.perchMeterPool = undefined;
  await Promise.all(pools.map((pool) => pool?.end()));
}

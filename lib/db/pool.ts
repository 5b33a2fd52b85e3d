import pg from 'pg';

// One pool per process, shared by the /v2 hot path, Prisma (through PrismaPg) and the
// platform module. Kept on globalThis because Next.js may load this module more than once.
const globalForPool = globalThis as typeof globalThis & { perchPool?: pg.Pool; perchMeterPool?: pg.Pool };

/** The process-wide pg pool for DATABASE_URL, created on first use. */
export function getPool(): pg.Pool {
  if (!globalForPool.perchPool) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error('DATABASE_URL is not set: start Perch through server.ts or set it');
    globalForPool.perchPool = new pg.Pool({
      connectionString,
      max: Number(process.env.PERCH_DB_POOL_SIZE ?? 20),
      application_name: 'perch',
    });
    // An idle client losing its connection (database restart) must not crash the process;
    // the pool drops it and the next query opens a new one.
    globalForPool.perchPool.on('error', (error) => console.error(`[db] idle connection lost: ${error.message}`));
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
    globalForPool.perchMeterPool = new pg.Pool({
      connectionString,
      max: Number(process.env.PERCH_DB_METER_POOL_SIZE ?? 10),
      application_name: 'perch-meter',
      options: '-c synchronous_commit=off',
    });
    globalForPool.perchMeterPool.on('error', (error) => console.error(`[db] idle metering connection lost: ${error.message}`));
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

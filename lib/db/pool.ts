import pg from 'pg';

// One pool per process, shared by the /v2 hot path, Prisma (through PrismaPg) and the
// platform module. Kept on globalThis because Next.js may load this module more than once.
const globalForPool = globalThis as typeof globalThis & { perchPool?: pg.Pool };

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

/** Closes the shared pool, if one was opened. */
export async function closePool(): Promise<void> {
  const pool = globalForPool.perchPool;
  globalForPool.perchPool = undefined;
  await pool?.end();
}

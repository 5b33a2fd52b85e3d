// The throwaway database of the real-time benchmarks (bench-realtime.ts, bench-monitors.ts): made
// on DATABASE_URL's server, named for the run, dropped at the end. It points DATABASE_URL at the
// new database before any of Perch's modules are loaded (they read it when first imported), so
// callers import '@/lib/…' dynamically after this.
import crypto from 'node:crypto';
import pg from 'pg';

export type BenchDatabase = { url: string; drop(): Promise<void> };

export async function createBenchDatabase(prefix: string): Promise<BenchDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('set DATABASE_URL to a PostgreSQL server: the benchmark creates its own database there');
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Webhook settings of both real-time benchmarks (each may be overridden from the environment). */
export function setBenchWebhookEnv(): void {
  process.env.PERCH_WEBHOOK_RETRY_BASE_MS ??= '1000';
  process.env.PERCH_WEBHOOK_RETRY_MAX_MS ??= '5000';
  process.env.PERCH_WEBHOOK_CONCURRENCY ??= '20';
  // The bench's receiver listens on 127.0.0.1, which webhooks may reach only with this set.
  process.env.PERCH_WEBHOOK_ALLOW_PRIVATE ??= '1';
}

/** Migrates and seeds the bench database (the `test` scale unless told). */
export async function prepareBenchDatabase(url: string, scale: 'test' | 'demo' = 'test'): Promise<void> {
  const { migrateDatabase } = await import('@/lib/db/migrate');
  const { seedPlatform } = await import('@/lib/platform/seed/seed-platform');
  await migrateDatabase(url, { quiet: true });
  await seedPlatform({ url, scale, seed: 7 });
}

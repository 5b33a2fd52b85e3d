import type { Env } from '@/lib/auth/env';
import { getPool } from '@/lib/db/pool';
import { snowflakeAt } from '@/lib/platform/snowflake';
import { readServerConfig } from '@/lib/server/config';

export type TableCount = { table: 'users' | 'tweets' | 'follows' | 'likes'; rows: number; estimated: boolean };

export type PlatformFigures = {
  counts: TableCount[];
  /** The live activity simulator as configured for this server. */
  live: { enabled: boolean; ratePerSecond: number };
  /** Tweets written in the last 60 seconds: what the simulator (and API writes) actually did. */
  tweetsLastMinute: number;
};

const TABLES = ['users', 'tweets', 'follows', 'likes'] as const;
// Counting 10M follow edges exactly takes seconds; above this the planner's estimate will do.
const EXACT_BELOW = 1_000_000;

async function countTable(table: (typeof TABLES)[number]): Promise<TableCount> {
  const pool = getPool();
  const estimate = await pool.query<{ n: string | null }>(`SELECT reltuples::bigint::text AS n FROM pg_class WHERE oid = to_regclass($1)`, [`platform.${table}`]);
  const estimated = Number(estimate.rows[0]?.n ?? -1);
  if (estimated >= EXACT_BELOW) return { table, rows: estimated, estimated: true };
  const exact = await pool.query<{ n: string }>(`SELECT count(*)::text AS n FROM platform.${table}`);
  return { table, rows: Number(exact.rows[0].n), estimated: false };
}

/** Row counts of the embedded platform's main tables and the live simulator's rate. */
export async function getPlatformFigures(env: Env = process.env): Promise<PlatformFigures> {
  const since = snowflakeAt(Date.now() - 60_000, 0).toString();
  const [counts, recent] = await Promise.all([
    Promise.all(TABLES.map(countTable)),
    getPool().query<{ n: string }>('SELECT count(*)::text AS n FROM platform.tweets WHERE id >= $1::bigint', [since]),
  ]);
  // The same reading of PERCH_LIVE and PERCH_LIVE_RATE that server.ts started the simulator with.
  const config = readServerConfig(env as NodeJS.ProcessEnv);
  return { counts, live: { enabled: config.live, ratePerSecond: config.liveRate }, tweetsLastMinute: Number(recent.rows[0].n) };
}

import type pg from 'pg';
import { getPool } from '@/lib/db/pool';
import { openStreamCount } from '@/lib/delivery/stream-slots';
import { meterFigures } from '@/lib/metering/meter';
import type { PerchMetrics } from './metrics';

// The gauges read at scrape time, from figures their owners keep anyway: nothing is counted on
// the way for them. Both processes of an instance report their own pools, leases and streams
// (summed by the parent, child-metrics.ts); only the server reports the delivery queue.

// lib/db/pool.ts keeps the process's pools here (globalThis: Next.js may load it more than once);
// read without getPool(), which would open a pool the process never used.
const globalForPool = globalThis as typeof globalThis & { perchPool?: pg.Pool; perchMeterPool?: pg.Pool };

const QUEUE_DEPTH_SQL = "SELECT count(*)::int AS n FROM realtime_deliveries WHERE status = 'pending'";
const UNFINISHED_EXPORTS_SQL = "SELECT status, count(*)::int AS count FROM exports WHERE status IN ('queued', 'running', 'paused') GROUP BY status";
const QUERY_TIMEOUT_MS = 2_000;

/** A scrape-time count: its rows, or undefined when the database fails or does not answer within QUERY_TIMEOUT_MS. */
async function countWithin<T extends object>(sql: string): Promise<T[] | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), QUERY_TIMEOUT_MS);
  });
  try {
    const counted = getPool()
      .query<T>(sql)
      .then(({ rows }) => rows)
      .catch(() => undefined);
    return await Promise.race([counted, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Gauges every process reports: its database pools, its meter's leases, its open streams. */
export function collectProcessGauges(metrics: PerchMetrics): void {
  metrics.readers.dbPools = () => {
    const pools: Array<{ pool: string; total: number; idle: number; waiting: number }> = [];
    for (const [name, pool] of [
      ['main', globalForPool.perchPool],
      ['meter', globalForPool.perchMeterPool],
    ] as const) {
      if (pool) pools.push({ pool: name, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    }
    return pools;
  };
  metrics.readers.leases = meterFigures;
  metrics.readers.streamConnections = openStreamCount;
}

/**
 * The server's: webhook deliveries pending and exports unfinished, one count each per scrape on
 * their partial indexes (pending rows, unfinished exports). A database that does not answer in
 * time leaves the gauges at their last values.
 */
export function collectServerGauges(metrics: PerchMetrics): void {
  metrics.readers.webhookQueueDepth = async () => (await countWithin<{ n: number }>(QUEUE_DEPTH_SQL))?.[0]?.n;
  metrics.readers.exportsUnfinished = () => countWithin<{ status: string; count: number }>(UNFINISHED_EXPORTS_SQL);
}

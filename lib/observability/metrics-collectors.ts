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
const QUEUE_DEPTH_TIMEOUT_MS = 2_000;

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
 * The server's: webhook deliveries pending (one count on the partial index of pending rows, per
 * scrape). A database that does not answer in time leaves the gauge at its last value.
 */
export function collectServerGauges(metrics: PerchMetrics): void {
  metrics.readers.webhookQueueDepth = async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), QUEUE_DEPTH_TIMEOUT_MS);
    });
    try {
      const counted = getPool()
        .query<{ n: number }>(QUEUE_DEPTH_SQL)
        .then(({ rows }) => rows[0]?.n)
        .catch(() => undefined);
      return await Promise.race([counted, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}

import { componentLogger } from '@/lib/observability/logger';
import type pg from 'pg';
import { getPool } from '@/lib/db/pool';

const log = componentLogger('request-log');

/** How many days of usage events the request log keeps: PERCH_REQUEST_LOG_DAYS, 30 by default. */
export function requestLogDays(env: Record<string, string | undefined> = process.env): number {
  const raw = env.PERCH_REQUEST_LOG_DAYS;
  if (raw === undefined || raw.trim() === '') return 30;
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 1 || days > 3650) throw new Error(`PERCH_REQUEST_LOG_DAYS must be a whole number of days from 1 to 3650, got "${raw}"`);
  return days;
}

// In slices, so that a first prune of a large table never holds locks or a transaction for long.
// usage_daily keeps every call's aggregates (and the ledger reads it), so nothing owed is lost.
const PRUNE_SQL = `
  DELETE FROM usage_events WHERE id IN (
    SELECT id FROM usage_events WHERE created_at < now() - make_interval(days => $1::int) LIMIT $2::int
  )`;

/** Deletes usage events older than `days`; returns how many went. */
export async function pruneRequestLog(days: number, db: pg.Pool = getPool(), sliceSize = 5_000): Promise<number> {
  let deleted = 0;
  for (;;) {
    const { rowCount } = await db.query(PRUNE_SQL, [days, sliceSize]);
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < sliceSize) return deleted;
  }
}

/** Prunes at start and then every `intervalMs` (an hour by default) until the returned function is called. */
export function startRequestLogPrune({ days = requestLogDays(), intervalMs = 60 * 60_000 } = {}): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    pruneRequestLog(days)
      .catch((error: Error) => log.error({ err: error }, `prune of events older than ${days} days failed: ${error.message}`))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(run, 5_000);
  first.unref();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

import { getPool } from '@/lib/db/pool';
import { runReportedLoop } from '@/lib/health/run-reported-loop';
import { BREAKER } from './circuit-breaker';
import { wakeEndpointSql } from './wake-endpoint';

/** The sweeper's name in /api/health. */
export const WEBHOOK_SWEEP_LOOP = 'webhook_sweep';

const SWEEP_EVERY_MS = 5_000;

// Endpoints with a delivery due for a while that no attempt holds, circuit not open: their turn
// was lost (its instance died with it, or it failed past its retries, or a wake-up raced a turn
// that was just ending). One index probe per endpoint; a turn already waiting keeps its place.
const SWEEP_SQL = `
  SELECT ${wakeEndpointSql('e.id', 'preserve_run_at')} FROM realtime_endpoints e
  WHERE NOT (e.consecutive_failures >= $1 AND e.circuit_open_until > now())
    AND EXISTS (
      SELECT 1 FROM realtime_deliveries d
      WHERE d.endpoint_id = e.id AND d.status = 'pending' AND coalesce(d.next_attempt_at, d.created_at) <= now() - $2 * interval '1 millisecond'
        AND (d.lease_until IS NULL OR d.lease_until <= now())
    )`;

/** One pass: wakes every endpoint whose due deliveries no turn is coming for; how many were woken. */
export async function wakeStalledEndpoints(): Promise<number> {
  const { rowCount } = await getPool().query(SWEEP_SQL, [BREAKER.failures, SWEEP_EVERY_MS]);
  return rowCount ?? 0;
}

/**
 * Runs wakeStalledEndpoints every few seconds until stopped, reporting to /api/health: the
 * deliveries table is the truth, a turn's job only its wake-up. Safe on every instance at once.
 */
export function startStalledEndpointSweeper(intervalMs = SWEEP_EVERY_MS): () => Promise<void> {
  return runReportedLoop({
    name: WEBHOOK_SWEEP_LOOP,
    pass: wakeStalledEndpoints,
    intervalMs,
    log: { tag: 'webhooks', recovered: 'the delivery sweeper works again', failed: 'the delivery sweeper failed' },
  });
}

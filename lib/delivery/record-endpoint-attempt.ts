import { componentLogger } from '@/lib/observability/logger';
import { getPool } from '@/lib/db/pool';
import { afterAttempt, circuitState, type Circuit } from './circuit-breaker';
import { observeCircuitOpened } from '@/lib/observability/delivery-metrics';

const log = componentLogger('webhooks');

const sameCircuit = (a: Circuit, b: Circuit) => a.consecutiveFailures === b.consecutiveFailures && a.openUntil?.getTime() === b.openUntil?.getTime();

/**
 * Moves an endpoint's circuit breaker after an attempt (afterAttempt), with a compare-and-set
 * so that attempts ending together on several instances each count. `known` is the breaker as
 * the claim saw it: a success on a closed breaker without failures writes nothing, which keeps
 * a busy endpoint's row untouched. Returns the breaker after the change, null when the endpoint is gone.
 */
export async function recordEndpointAttempt(endpointId: string, ok: boolean, known: Circuit): Promise<Circuit | null> {
  if (ok && known.consecutiveFailures === 0 && known.openUntil === null) return known;
  const pool = getPool();
  for (let tries = 0; tries < 10; tries += 1) {
    const { rows } = await pool.query<{ consecutive_failures: number; circuit_open_until: Date | null }>(
      'SELECT consecutive_failures, circuit_open_until FROM realtime_endpoints WHERE id = $1::bigint',
      [endpointId],
    );
    if (rows.length === 0) return null;
    const before: Circuit = { consecutiveFailures: rows[0].consecutive_failures, openUntil: rows[0].circuit_open_until };
    const now = new Date();
    const after = afterAttempt(before, ok, now);
    if (sameCircuit(before, after)) return after;
    const { rowCount } = await pool.query(
      `UPDATE realtime_endpoints SET consecutive_failures = $2, circuit_open_until = $3
       WHERE id = $1::bigint AND consecutive_failures = $4 AND circuit_open_until IS NOT DISTINCT FROM $5::timestamptz`,
      [endpointId, after.consecutiveFailures, after.openUntil, before.consecutiveFailures, before.openUntil],
    );
    if (rowCount) {
      if (circuitState(before, now) !== 'open' && circuitState(after, now) === 'open') {
        observeCircuitOpened();
        log.warn({ endpoint_id: endpointId, failures: after.consecutiveFailures, until: after.openUntil?.toISOString() }, `endpoint ${endpointId} paused after ${after.consecutiveFailures} failed attempts in a row, until ${after.openUntil?.toISOString()}`);
      }
      return after;
    }
  }
  // Ten writers in a row moved it first: theirs stand, which loses one count at most.
  return null;
}

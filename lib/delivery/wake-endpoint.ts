/** The task of an endpoint's turn (endpoint-turn.ts); its payload is `{ endpointId, slot }`. */
export const ENDPOINT_TASK = 'perch_webhook_endpoint';

/** How the job of an endpoint's turn in one slot is keyed: at most one waits per key. */
export const turnJobKeySql = (endpointIdExpression: string, slotExpression: string) => `'perch_ep_' || (${endpointIdExpression})::text || '_' || (${slotExpression})::text`;

/**
 * SQL that queues a turn of an endpoint (graphile-worker's add_job, inside the caller's
 * transaction) after the caller gave it deliveries to make. Keyed by endpoint: however many
 * deliveries a batch gave it, one job waits; the turn claims them from realtime_deliveries. The
 * turn runs now, or when the endpoint's circuit breaker reopens. `mode` 'preserve_run_at' leaves
 * a waiting turn where it is in the line (the sweeper's wake-up); 'replace' (new deliveries) runs it now.
 */
export function wakeEndpointSql(endpointIdExpression: string, mode: 'replace' | 'preserve_run_at' = 'replace'): string {
  const endpointId = `(${endpointIdExpression})`;
  return `graphile_worker.add_job('${ENDPOINT_TASK}', json_build_object('endpointId', ${endpointId}::text, 'slot', 0),
    job_key := ${turnJobKeySql(endpointId, '0')}, job_key_mode := '${mode}', max_attempts := 5,
    run_at := (SELECT greatest(now(), circuit_open_until) FROM realtime_endpoints WHERE id = ${endpointId}))`;
}

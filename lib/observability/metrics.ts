import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { CallStats } from './call-stats';

// Every Prometheus metric Perch exports, with its help text: docs/operations.md, the Grafana
// dashboard and the alert rules name these. Made only when metrics are on (PERCH_METRICS_TOKEN or
// PERCH_METRICS_PORT, metrics-config.ts); until then perchMetrics() is undefined and every
// recording function in lib/observability/*-metrics.ts returns at once. Kept on globalThis:
// the dashboard's Next.js bundle loads its own copy of this module and must record into the
// registry dashboard-server.ts made. Labels are bounded sets: no usernames, keys, ids or URLs.

/** Latency of a /v2 call (seconds). */
export const CALL_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Latency of one upstream request (seconds). */
export const UPSTREAM_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** A usage flush (seconds). */
export const FLUSH_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];
/** Match or event → delivered (seconds): from sub-second to the retry schedule's hours. */
export const LAG_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 21600, 86400];

export const METRICS = {
  httpRequests: { name: 'perch_http_requests_total', help: 'Answered /v2 calls by operation id (unmatchedRoute for a path or method no operation serves, getOpenApi for /v2/openapi.json), platform (none: refused before one was chosen) and HTTP status.' },
  httpDuration: { name: 'perch_http_request_duration_seconds', help: 'Seconds from a /v2 request’s arrival to its answer, by operation and platform.' },
  creditsCharged: { name: 'perch_credits_charged_total', help: 'Credits charged for /v2 calls, by platform and operation (credits sold).' },
  upstreamRequests: { name: 'perch_upstream_requests_total', help: 'Requests made to an upstream platform, by platform, endpoint (X: its path template; Bluesky: the XRPC method) and outcome (ok, client_error, rate_limited, server_error, timeout, network_error).' },
  upstreamDuration: { name: 'perch_upstream_request_duration_seconds', help: 'Seconds one upstream request took, by platform, endpoint and outcome.' },
  upstreamCacheHits: { name: 'perch_upstream_cache_hits_total', help: 'Upstream reads answered from the upstream cache (no request made), by platform and endpoint.' },
  usageFlushes: { name: 'perch_usage_flushes_total', help: 'Usage flushes (batches of buffered usage records written to the database) that succeeded.' },
  usageFlushRows: { name: 'perch_usage_flush_rows_total', help: 'Usage records written by usage flushes.' },
  usageFlushDuration: { name: 'perch_usage_flush_duration_seconds', help: 'Seconds one usage flush took, failed ones included.' },
  usageFlushFailures: { name: 'perch_usage_flush_failures_total', help: 'Usage flushes that failed (retried on the next tick; records the database refused are dropped).' },
  usageFlushBuffered: { name: 'perch_usage_flush_buffered_records', help: 'Usage records answered and not yet written (waiting for the next flush).' },
  usageFlushLastSuccess: { name: 'perch_usage_flush_last_success_timestamp_seconds', help: 'Unix time of the last usage flush that succeeded (0: none yet).' },
  leasesTaken: { name: 'perch_leases_taken_total', help: 'Credit leases taken or topped up from an account’s balance.' },
  leaseCreditsTaken: { name: 'perch_leases_credits_taken_total', help: 'Credits moved from balances into this instance’s leases.' },
  leasesRenewed: { name: 'perch_leases_renewed_total', help: 'Lease renewals (each extends this instance’s leases’ expiry).' },
  leasesReturned: { name: 'perch_leases_returned_total', help: 'Lease give-backs: unused credits returned to the balance, idle or recalled leases ended.' },
  leaseFailures: { name: 'perch_leases_failures_total', help: 'Lease statements that failed, by action (take, renew, return).' },
  leasesOpen: { name: 'perch_leases_open', help: 'Credit leases this instance holds now.' },
  leaseCredits: { name: 'perch_leases_credits_held', help: 'Credits held in this instance’s leases now (unused, reserved by calls in flight, or charged and not yet flushed).' },
  webhookDeliveries: { name: 'perch_webhook_deliveries_total', help: 'Webhook delivery attempts by outcome: delivered, retrying (failed, another try scheduled), failed (given up), endpoint_disabled, awaiting_credits.' },
  webhookCircuitOpens: { name: 'perch_webhook_circuit_opens_total', help: 'Webhook endpoints paused by their circuit breaker after failed attempts in a row.' },
  webhookQueueDepth: { name: 'perch_webhook_queue_depth', help: 'Webhook deliveries pending in the database (all instances together: take max, not sum, across instances).' },
  deliveryLag: { name: 'perch_delivery_lag_seconds', help: 'Seconds from a match (or an event’s creation) to its webhook delivery.' },
  streamConnections: { name: 'perch_stream_connections', help: 'Open /v2 match streams (SSE) on this instance.' },
  dbPoolTotal: { name: 'perch_db_pool_connections', help: 'Open connections of a database pool (pool: main, meter).' },
  dbPoolIdle: { name: 'perch_db_pool_idle', help: 'Idle connections of a database pool.' },
  dbPoolWaiting: { name: 'perch_db_pool_waiting', help: 'Queries waiting for a connection of a database pool (saturation).' },
  exportsUnfinished: { name: 'perch_exports', help: 'Exports not finished, by status (queued, running, paused), in the database (all instances together: take max, not sum).' },
  exportItems: { name: 'perch_export_items_total', help: 'Items written to export files by this instance (a page whose transaction rolled back is counted again when redone).' },
  exportsFinished: { name: 'perch_exports_finished_total', help: 'Exports this instance ended, by status (completed, failed).' },
} as const;

/** What a gauge reads at scrape time, set by whoever owns the figure (metrics-collectors.ts). */
export type GaugeReaders = {
  dbPools?: () => Array<{ pool: string; total: number; idle: number; waiting: number }>;
  leases?: () => { open: number; credits: number; buffered: number };
  streamConnections?: () => number;
  webhookQueueDepth?: () => Promise<number | undefined>;
  exportsUnfinished?: () => Promise<Array<{ status: string; count: number }> | undefined>;
};

function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const readers: GaugeReaders = {};
  const calls = new CallStats(CALL_BUCKETS);
  const { httpRequests, httpDuration, creditsCharged } = METRICS;
  registry.registerMetric(calls.requestsMetric(httpRequests.name, httpRequests.help) as never);
  registry.registerMetric(calls.durationMetric(httpDuration.name, httpDuration.help) as never);
  registry.registerMetric(calls.creditsMetric(creditsCharged.name, creditsCharged.help) as never);
  const m = METRICS;
  const upstreamLabels = ['platform', 'endpoint', 'outcome'] as const;
  const metrics = {
    registry,
    readers,
    calls,
    upstreamRequests: new Counter({ ...m.upstreamRequests, labelNames: upstreamLabels, registers }),
    upstreamDuration: new Histogram({ ...m.upstreamDuration, labelNames: upstreamLabels, buckets: UPSTREAM_BUCKETS, registers }),
    upstreamCacheHits: new Counter({ ...m.upstreamCacheHits, labelNames: ['platform', 'endpoint'] as const, registers }),
    usageFlushes: new Counter({ ...m.usageFlushes, registers }),
    usageFlushRows: new Counter({ ...m.usageFlushRows, registers }),
    usageFlushDuration: new Histogram({ ...m.usageFlushDuration, buckets: FLUSH_BUCKETS, registers }),
    usageFlushFailures: new Counter({ ...m.usageFlushFailures, registers }),
    // The server's and the dashboard process's merge by max (a sum of two times means nothing).
    usageFlushLastSuccess: new Gauge({ ...m.usageFlushLastSuccess, aggregator: 'max', registers }),
    leasesTaken: new Counter({ ...m.leasesTaken, registers }),
    leaseCreditsTaken: new Counter({ ...m.leaseCreditsTaken, registers }),
    leasesRenewed: new Counter({ ...m.leasesRenewed, registers }),
    leasesReturned: new Counter({ ...m.leasesReturned, registers }),
    leaseFailures: new Counter({ ...m.leaseFailures, labelNames: ['action'] as const, registers }),
    webhookDeliveries: new Counter({ ...m.webhookDeliveries, labelNames: ['outcome'] as const, registers }),
    webhookCircuitOpens: new Counter({ ...m.webhookCircuitOpens, registers }),
    deliveryLag: new Histogram({ ...m.deliveryLag, buckets: LAG_BUCKETS, registers }),
    exportItems: new Counter({ ...m.exportItems, registers }),
    exportsFinished: new Counter({ ...m.exportsFinished, labelNames: ['status'] as const, registers }),
  };
  new Gauge({
    ...m.exportsUnfinished,
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const counts = await readers.exportsUnfinished?.();
      if (!counts) return;
      // Every status is set, those without exports to 0: a status emptied since the last scrape reads 0, not its old count.
      for (const status of ['queued', 'running', 'paused']) this.set({ status }, counts.find((c) => c.status === status)?.count ?? 0);
    },
  });
  new Gauge({
    ...m.usageFlushBuffered,
    registers,
    collect() {
      const leases = readers.leases?.();
      if (leases) this.set(leases.buffered);
    },
  });
  new Gauge({
    ...m.leasesOpen,
    registers,
    collect() {
      const leases = readers.leases?.();
      if (leases) this.set(leases.open);
    },
  });
  new Gauge({
    ...m.leaseCredits,
    registers,
    collect() {
      const leases = readers.leases?.();
      if (leases) this.set(leases.credits);
    },
  });
  new Gauge({
    ...m.streamConnections,
    registers,
    collect() {
      const open = readers.streamConnections?.();
      if (open !== undefined) this.set(open);
    },
  });
  new Gauge({
    ...m.webhookQueueDepth,
    registers,
    async collect() {
      const depth = await readers.webhookQueueDepth?.();
      if (depth !== undefined) this.set(depth);
    },
  });
  const poolGauge = (metric: { name: string; help: string }, figure: 'total' | 'idle' | 'waiting') =>
    new Gauge({
      ...metric,
      labelNames: ['pool'] as const,
      registers,
      collect() {
        for (const pool of readers.dbPools?.() ?? []) this.set({ pool: pool.pool }, pool[figure]);
      },
    });
  poolGauge(m.dbPoolTotal, 'total');
  poolGauge(m.dbPoolIdle, 'idle');
  poolGauge(m.dbPoolWaiting, 'waiting');
  // Node's own: CPU, memory, heap spaces, event loop lag, GC, handles (perch_process_*, perch_nodejs_*).
  collectDefaultMetrics({ register: registry, prefix: 'perch_' });
  return metrics;
}

export type PerchMetrics = ReturnType<typeof createMetrics>;

const globalForMetrics = globalThis as typeof globalThis & { perchMetrics?: PerchMetrics };

/** Turns metrics on in this process (once; later calls return the same registry). */
export function enableMetrics(): PerchMetrics {
  globalForMetrics.perchMetrics ??= createMetrics();
  return globalForMetrics.perchMetrics;
}

/** This process's metrics, or undefined while they are off: recorders return at once then. */
export function perchMetrics(): PerchMetrics | undefined {
  return globalForMetrics.perchMetrics;
}

import type { ChildProcess } from 'node:child_process';
import type { Registry } from 'prom-client';
import type { CollectedMetric } from './call-stats';

// The dashboard's process (dashboard-server.ts) answers the playground's and explorer's /v2 calls
// itself, so it keeps a registry of its own; server.ts asks for it at scrape time over their IPC
// channel and serves the two merged. The channel joins those two processes only: no HTTP path
// exists for it, so nothing outside the instance can ask the dashboard for its metrics.

type MetricsRequest = { perchMetricsRequest: number };
type MetricsAnswer = { perchMetricsAnswer: number; metrics: CollectedMetric[] };

/** Child side: answers the parent's requests with this process's metrics (getMetricsAsJSON). */
export function answerMetricsRequests(registry: Registry): void {
  process.on('message', (message: Partial<MetricsRequest> | null) => {
    const id = message?.perchMetricsRequest;
    if (typeof id !== 'number' || !process.send) return;
    registry
      .getMetricsAsJSON()
      .catch(() => [])
      .then((metrics) => {
        if (process.connected) process.send?.({ perchMetricsAnswer: id, metrics } as MetricsAnswer, undefined, {}, () => undefined);
      });
  });
}

let nextId = 1;

/**
 * Parent side: the child's metrics, or null when it does not answer within `timeoutMs` (not
 * running, restarting, or busy): the scrape then serves the server's own.
 */
export function askChildMetrics(child: ChildProcess | null, timeoutMs = 2_000): Promise<CollectedMetric[] | null> {
  if (!child || !child.connected) return Promise.resolve(null);
  const id = nextId++;
  return new Promise((resolve) => {
    const done = (metrics: CollectedMetric[] | null): void => {
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(metrics);
    };
    const onMessage = (message: Partial<MetricsAnswer> | null): void => {
      if (message?.perchMetricsAnswer === id) done(Array.isArray(message.metrics) ? message.metrics : null);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    child.on('message', onMessage);
    child.send({ perchMetricsRequest: id } satisfies MetricsRequest, (error: Error | null) => {
      if (error) done(null);
    });
  });
}

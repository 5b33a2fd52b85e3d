import { onCallEnd, type CallEnd } from './call-end';
import type { PerchMetrics } from './metrics';

/**
 * Counts every /v2 call this process answers (requests, latency, credits charged) from the
 * call-end hook. A Map lookup per label and a few additions: no allocation once a series exists.
 */
export function countCalls(metrics: PerchMetrics): () => void {
  const { calls } = metrics;
  // Named: scripts/bench-observed-turns.ts detaches listeners by name.
  const callMetrics = (end: CallEnd) => calls.record(end.operation, end.platform, end.status, end.durationSeconds, end.credits);
  return onCallEnd(callMetrics);
}

import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { countCalls } from '@/lib/observability/call-metrics';
import { startCallLog } from '@/lib/observability/call-log';
import { CallStats } from '@/lib/observability/call-stats';
import { CALL_BUCKETS, type PerchMetrics } from '@/lib/observability/metrics';

// scripts/bench/detach-call-listeners.mjs (npm run bench:observed-turns) finds the call listeners
// by these names on globalThis.perchCallListeners; renamed, its turns would stop differing.
const listenerNames = () => ((globalThis as { perchCallListeners?: Array<{ name: string }> }).perchCallListeners ?? []).map((listener) => listener.name);

describe('the call listeners', () => {
  it('are named callLine and callMetrics on the list the bench preload reads', () => {
    const removeLine = startCallLog(pino({ level: 'info' }, { write: () => undefined }));
    const removeMetrics = countCalls({ calls: new CallStats(CALL_BUCKETS) } as unknown as PerchMetrics);
    try {
      expect(listenerNames()).toEqual(expect.arrayContaining(['callLine', 'callMetrics']));
    } finally {
      removeLine();
      removeMetrics();
    }
    expect(listenerNames()).not.toContain('callLine');
    expect(listenerNames()).not.toContain('callMetrics');
  });
});

import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createRedisUpstreamCache } from '@/lib/platform/redis-upstream-cache';
import { upstreamCallFields, withUpstreamReport } from '@/lib/platform/upstream-cache';
import { captureLogs } from '../support/log-capture';

// A warning logged while a /v2 call reads upstream names that call: an operator who finds the
// line finds the call (its answer's meta.request_id, its call line) and the other way round.
describe('the request id of warnings logged during upstream reads', () => {
  it('is the running call’s, and absent outside a call', async () => {
    expect(upstreamCallFields()).toEqual({});
    const { result } = await withUpstreamReport(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return upstreamCallFields();
    }, 'req_fields1');
    expect(result).toEqual({ request_id: 'req_fields1' });
    expect(upstreamCallFields()).toEqual({});
  });

  it('is on the line of a Redis cache that fails during a call, and each call keeps its own', async () => {
    const failing = { get: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:1')) } as unknown as Redis;
    const cache = createRedisUpstreamCache(failing, { ttlSeconds: 60 });
    const log = captureLogs();
    try {
      // Two calls at once: the failure is logged once (same message), by the first to meet it.
      const [first] = await Promise.all([
        withUpstreamReport(() => cache.get('users:alice'), 'req_cache1'),
        withUpstreamReport(() => cache.get('users:bob'), 'req_cache2'),
      ]);
      expect(first.result).toBeUndefined();
      const lines = log.records().filter((record) => record.component === 'upstream-cache');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 50, request_id: 'req_cache1' });
      expect(lines[0].msg).toContain('ECONNREFUSED');
    } finally {
      log.restore();
    }
  });
});

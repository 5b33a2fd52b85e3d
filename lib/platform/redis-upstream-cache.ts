import { componentLogger } from '@/lib/observability/logger';
import type { Redis } from 'ioredis';
import { upstreamCallFields, type UpstreamCache } from './upstream-cache';

const log = componentLogger('upstream-cache');

/**
 * The upstream cache in Redis, shared by every Perch instance on it, so that N instances spend
 * the upstream's quota once per read and TTL. A Redis that fails makes a read a cache miss (the
 * upstream answers), never a failed request; the failure is logged once per message.
 */
export function createRedisUpstreamCache(redis: Redis, { ttlSeconds, prefix = 'perch:upstream:' }: { ttlSeconds: number; prefix?: string }): UpstreamCache {
  let lastError = '';
  const report = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (message !== lastError) log.error(upstreamCallFields(), `Redis: ${message}; reading from the upstream meanwhile`);
    lastError = message;
  };
  return {
    async get(key) {
      const stored = await redis.get(prefix + key).catch((error: unknown) => {
        report(error);
        return null;
      });
      return stored === null ? undefined : (JSON.parse(stored) as unknown);
    },
    async set(key, value) {
      await redis.set(prefix + key, JSON.stringify(value), 'EX', ttlSeconds).catch(report);
    },
  };
}

import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisUpstreamCache } from '@/lib/platform/redis-upstream-cache';
import { createUpstreamCache } from '@/lib/platform/upstream-cache';

// The upstream cache: in process (LRU with a TTL) and in Redis (shared by instances).

const redis = new Redis(process.env.PERCH_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
const prefix = `perch-test:upstream:${crypto.randomUUID()}:`;

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting until ${what}`);
}

describe('in-process cache', () => {
  it('keeps answers for the TTL and evicts the least recently used past its size', async () => {
    const cache = createUpstreamCache({ ttlSeconds: 1, maxEntries: 2 });
    await cache.set('a', { n: 1 });
    await cache.set('b', { n: 2 });
    expect(await cache.get('a')).toEqual({ n: 1 }); // a is now the most recently used
    await cache.set('c', { n: 3 });
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('a')).toEqual({ n: 1 });
    await eventually(async () => (await cache.get('c')) === undefined, 'the entry expired');
  });
});

describe('Redis cache', () => {
  it('is shared by two instances and expires after the TTL', async () => {
    const first = createRedisUpstreamCache(redis, { ttlSeconds: 1, prefix });
    const second = createRedisUpstreamCache(redis, { ttlSeconds: 1, prefix });
    await first.set('bluesky:getProfile:alice', { did: 'did:plc:abc', handle: 'alice.test' });
    expect(await second.get('bluesky:getProfile:alice')).toEqual({ did: 'did:plc:abc', handle: 'alice.test' });
    expect(await second.get('bluesky:getProfile:bob')).toBeUndefined();
    await eventually(async () => (await second.get('bluesky:getProfile:alice')) === undefined, 'the Redis entry expired');
  });

  it('a Redis that is down makes reads misses, not failures', async () => {
    const down = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null });
    down.on('error', () => undefined);
    const cache = createRedisUpstreamCache(down, { ttlSeconds: 5, prefix });
    await cache.set('x', 1);
    expect(await cache.get('x')).toBeUndefined();
    down.disconnect();
  });
});

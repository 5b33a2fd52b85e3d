import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeRateLimit } from '@/lib/ratelimit/consume-rate-limit';
import { createRateLimiter, type RateLimiterStore } from '@/lib/ratelimit/create-rate-limiter';
import type { RateLimitDecision, RateLimiter } from '@/lib/ratelimit/types';

const REDIS_URL = process.env.PERCH_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function uniqueKey(): string {
  return `key_${crypto.randomBytes(6).toString('hex')}`;
}

async function consumeTimes(limiter: RateLimiter, keyId: string, rate: number, times: number): Promise<RateLimitDecision[]> {
  const out: RateLimitDecision[] = [];
  for (let i = 0; i < times; i++) out.push(await limiter.consume(keyId, rate));
  return out;
}

let redis: Redis;
const prefix = `perch:test:${crypto.randomBytes(4).toString('hex')}`;

beforeAll(() => {
  redis = new Redis(REDIS_URL);
});

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

const stores: Array<[string, () => RateLimiterStore]> = [
  ['memory', () => ({ kind: 'memory' })],
  ['redis', () => ({ kind: 'redis', client: redis })],
];

describe.each(stores)('%s store', (_name, store) => {
  it('allows rate + burst (2 × rate) at once, then refuses with Retry-After', async () => {
    const limiter = createRateLimiter({ store: store(), keyPrefix: prefix });
    const keyId = uniqueKey();
    const before = Math.floor(Date.now() / 1000);
    const decisions = await consumeTimes(limiter, keyId, 3, 7);
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, true, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([2, 1, 0, 0, 0, 0, 0]);
    for (const d of decisions) {
      expect(d.limit).toBe(3);
      expect(d.resetUnixSeconds).toBeGreaterThanOrEqual(before);
      expect(d.resetUnixSeconds).toBeLessThanOrEqual(before + 2);
    }
    expect(decisions.slice(0, 6).every((d) => d.retryAfterSeconds === 0)).toBe(true);
    expect(decisions[6].retryAfterSeconds).toBeGreaterThan(0);
    expect(decisions[6].retryAfterSeconds).toBeLessThanOrEqual(1);
  });

  it('keeps each key’s bucket separate', async () => {
    const limiter = createRateLimiter({ store: store(), keyPrefix: prefix });
    const [a, b] = [uniqueKey(), uniqueKey()];
    await consumeTimes(limiter, a, 2, 4);
    expect((await limiter.consume(a, 2)).allowed).toBe(false);
    expect(await limiter.consume(b, 2)).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('gives the contract default of 100 rps a burst of exactly 200', async () => {
    const limiter = createRateLimiter({ store: store(), keyPrefix: prefix });
    const keyId = uniqueKey();
    const decisions = await Promise.all(Array.from({ length: 201 }, () => limiter.consume(keyId, 100)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(200);
  });

  it('rejects a rate that is not a positive integer', async () => {
    const limiter = createRateLimiter({ store: store(), keyPrefix: prefix });
    await expect(limiter.consume(uniqueKey(), 0)).rejects.toBeInstanceOf(RangeError);
    await expect(limiter.consume(uniqueKey(), 1.5)).rejects.toBeInstanceOf(RangeError);
  });
});

describe('memory store over time', () => {
  it('lets a refused key through again once Retry-After has passed', async () => {
    // rate-limiter-flexible's windows run on the real clock; this is the one test that waits.
    const limiter = createRateLimiter({ store: { kind: 'memory' } });
    const keyId = uniqueKey();
    await consumeTimes(limiter, keyId, 1, 2);
    const refused = await limiter.consume(keyId, 1);
    expect(refused.allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, refused.retryAfterSeconds * 1000 + 50));
    expect((await limiter.consume(keyId, 1)).allowed).toBe(true);
  });
});

describe('redis store', () => {
  it('shares one bucket between instances', async () => {
    const instanceA = createRateLimiter({ store: { kind: 'redis', client: redis }, keyPrefix: prefix });
    const instanceB = createRateLimiter({ store: { kind: 'redis', client: redis }, keyPrefix: prefix });
    const keyId = uniqueKey();
    await consumeTimes(instanceA, keyId, 2, 4);
    expect((await instanceB.consume(keyId, 2)).allowed).toBe(false);
  });

  it('falls back to a per-instance memory limit while Redis is unreachable', async () => {
    const down = new Redis({ port: 1, lazyConnect: true, retryStrategy: () => null, enableOfflineQueue: false });
    down.on('error', () => undefined);
    try {
      const limiter = createRateLimiter({ store: { kind: 'redis', client: down }, keyPrefix: prefix });
      const keyId = uniqueKey();
      const decisions = await consumeTimes(limiter, keyId, 2, 5);
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, false]);
    } finally {
      down.disconnect();
    }
  });
});

describe('consumeRateLimit', () => {
  it('uses the process limiter (memory without REDIS_URL)', async () => {
    delete process.env.REDIS_URL;
    const keyId = uniqueKey();
    expect(await consumeRateLimit(keyId, 1)).toMatchObject({ allowed: true, limit: 1, remaining: 0 });
    expect(await consumeRateLimit(keyId, 1)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await consumeRateLimit(keyId, 1)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
  });
});

import type { Redis } from 'ioredis';
import { BurstyRateLimiter, RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { createMemoryWindows, rateDecision } from './memory-windows';
import type { RateLimitDecision, RateLimiter } from './types';

export type RateLimiterStore = { kind: 'memory' } | { kind: 'redis'; client: Redis };

export type RateLimiterOptions = {
  store: RateLimiterStore;
  /** Namespaces the Redis keys (tests use their own). */
  keyPrefix?: string;
  /** How often the burst reserve (one more second's worth of requests) refills. */
  burstWindowSeconds?: number;
  now?: () => number;
};

/**
 * Token-bucket-like limiting: a window of `rate` requests per second with a reserve of `rate`
 * more per `burstWindowSeconds` (rate-limiter-flexible's BurstyRateLimiter, which has no token
 * bucket as such). A quiet key can therefore fire 2 × rate at once (the contract's burst 200 at
 * 100 rps) and then sustains rate (+ rate / burstWindowSeconds) per second. In memory the same
 * windows are kept by memory-windows.ts, which is much cheaper per call.
 */
export function createRateLimiter({ store, keyPrefix = 'perch:rl', burstWindowSeconds = 10, now = Date.now }: RateLimiterOptions): RateLimiter {
  if (store.kind === 'memory') {
    const windows = createMemoryWindows(burstWindowSeconds, now);
    return {
      async consume(keyId, rateLimit) {
        assertRate(rateLimit);
        return windows.consume(keyId, rateLimit);
      },
    };
  }
  const client = store.client;
  const limiters = new Map<number, BurstyRateLimiter>();

  function build(points: number, duration: number, prefix: string): RateLimiterAbstract {
    // While Redis is unreachable each instance limits on its own rather than failing requests.
    return new RateLimiterRedis({
      storeClient: client,
      points,
      duration,
      keyPrefix: prefix,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ points, duration, keyPrefix: prefix }),
    });
  }

  // One limiter pair per distinct rate: a key whose limit changes simply starts a fresh bucket.
  function limiterFor(rate: number): BurstyRateLimiter {
    let limiter = limiters.get(rate);
    if (!limiter) {
      limiter = new BurstyRateLimiter(build(rate, 1, `${keyPrefix}:${rate}`), build(rate, burstWindowSeconds, `${keyPrefix}:burst:${rate}`));
      limiters.set(rate, limiter);
    }
    return limiter;
  }

  function decision(allowed: boolean, rate: number, res: RateLimiterRes): RateLimitDecision {
    return rateDecision(allowed, rate, res.remainingPoints, res.msBeforeNext, now());
  }

  return {
    async consume(keyId, rateLimit) {
      assertRate(rateLimit);
      try {
        return decision(true, rateLimit, await limiterFor(rateLimit).consume(keyId));
      } catch (rejection) {
        // rate-limiter-flexible rejects with a RateLimiterRes when out of points, an Error otherwise.
        if (rejection instanceof RateLimiterRes) return decision(false, rateLimit, rejection);
        throw rejection;
      }
    },
  };
}

function assertRate(rateLimit: number): void {
  if (!Number.isInteger(rateLimit) || rateLimit < 1) throw new RangeError(`rateLimit must be an integer >= 1, got ${rateLimit}`);
}

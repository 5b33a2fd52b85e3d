import { createRateLimiter } from './create-rate-limiter';
import { getRedis } from './redis-client';
import type { RateLimitDecision, RateLimiter } from './types';

const globalForRateLimit = globalThis as typeof globalThis & { perchRateLimiter?: RateLimiter };

/** The process's limiter: shared through Redis when REDIS_URL is set, in memory otherwise. */
export function sharedRateLimiter(): RateLimiter {
  if (!globalForRateLimit.perchRateLimiter) {
    const redis = getRedis();
    globalForRateLimit.perchRateLimiter = createRateLimiter({ store: redis ? { kind: 'redis', client: redis } : { kind: 'memory' } });
  }
  return globalForRateLimit.perchRateLimiter;
}

/** Takes one request from a key's budget of `rateLimit` requests per second (burst 2×). */
export function consumeRateLimit(keyId: string, rateLimit: number): Promise<RateLimitDecision> {
  return sharedRateLimiter().consume(keyId, rateLimit);
}

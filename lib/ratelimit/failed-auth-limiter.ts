import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { FAILED_AUTH_MAX_FAILURES, failedAuthLimitFromEnv } from './failed-auth-limit-env';
import { getRedis } from './redis-client';

/** After a failed key authentication: whether the address has now failed too often, and for how long. */
export type FailedAuthVerdict = { throttled: false } | { throttled: true; retryAfterSeconds: number };

export type FailedAuthLimiter = {
  /** Counts one failed authentication from `ip`. Called on failures only: a valid key never touches the counter. */
  recordFailure(ip: string): Promise<FailedAuthVerdict>;
};

export type FailedAuthLimiterOptions = {
  store: { kind: 'memory' } | { kind: 'redis'; client: Redis };
  maxFailures?: number;
  windowSeconds?: number;
  /** Namespaces the Redis keys (tests use their own). */
  keyPrefix?: string;
};

export { FAILED_AUTH_MAX_FAILURES, failedAuthLimitFromEnv } from './failed-auth-limit-env';
export const FAILED_AUTH_WINDOW_SECONDS = 60;

/**
 * Counts failed key authentications per client address (memory, or Redis so that every instance
 * counts together). Only failures are throttled: a request with a valid key is served whatever
 * its address did, so a client spraying bad keys from an office's shared address cannot lock
 * its colleagues out, and the counter costs nothing on the success path.
 */
export function createFailedAuthLimiter({
  store,
  maxFailures = FAILED_AUTH_MAX_FAILURES,
  windowSeconds = FAILED_AUTH_WINDOW_SECONDS,
  keyPrefix = 'perch:authfail',
}: FailedAuthLimiterOptions): FailedAuthLimiter {
  const options = { points: maxFailures, duration: windowSeconds, keyPrefix };
  const limiter: RateLimiterAbstract =
    store.kind === 'memory'
      ? new RateLimiterMemory(options)
      : // While Redis is unreachable each instance counts on its own rather than letting everyone through.
        new RateLimiterRedis({ ...options, storeClient: store.client, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(options) });

  return {
    async recordFailure(ip) {
      try {
        await limiter.consume(ip);
        return { throttled: false };
      } catch (rejection) {
        // rate-limiter-flexible rejects with a RateLimiterRes when out of points, an Error otherwise.
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return { throttled: true, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
      }
    },
  };
}

const globalForFailedAuth = globalThis as typeof globalThis & { perchFailedAuthLimiter?: FailedAuthLimiter };

const NO_LIMIT: FailedAuthLimiter = { recordFailure: async () => ({ throttled: false }) };

/** The process's failed-authentication limiter: shared through Redis when REDIS_URL is set. */
export function sharedFailedAuthLimiter(): FailedAuthLimiter {
  if (!globalForFailedAuth.perchFailedAuthLimiter) {
    const redis = getRedis();
    const maxFailures = failedAuthLimitFromEnv();
    globalForFailedAuth.perchFailedAuthLimiter =
      maxFailures === 0 ? NO_LIMIT : createFailedAuthLimiter({ store: redis ? { kind: 'redis', client: redis } : { kind: 'memory' }, maxFailures });
  }
  return globalForFailedAuth.perchFailedAuthLimiter;
}

import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { getRedis } from '@/lib/ratelimit/redis-client';

export type SignInVerdict = { blocked: false } | { blocked: true; retryAfterSeconds: number };

export type SignInLimiter = {
  /** Whether this email or this address has used up its failed attempts. */
  check(email: string, ip: string): Promise<SignInVerdict>;
  /** Counts one failed attempt against both the email and the address. */
  recordFailure(email: string, ip: string): Promise<void>;
  /** A correct password clears the email's failures (the address keeps its count). */
  recordSuccess(email: string): Promise<void>;
};

export type SignInLimiterOptions = {
  store: { kind: 'memory' } | { kind: 'redis'; client: Redis };
  maxFailures?: number;
  windowSeconds?: number;
  keyPrefix?: string;
};

export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;

/** A limiter of failed sign-ins per email and per client address (memory or Redis). */
export function createSignInLimiter({ store, maxFailures = SIGN_IN_MAX_FAILURES, windowSeconds = SIGN_IN_WINDOW_SECONDS, keyPrefix = 'perch:signin' }: SignInLimiterOptions): SignInLimiter {
  const options = { points: maxFailures, duration: windowSeconds, keyPrefix };
  const limiter: RateLimiterAbstract =
    store.kind === 'memory'
      ? new RateLimiterMemory(options)
      : // While Redis is unreachable each instance counts on its own rather than letting everyone through.
        new RateLimiterRedis({ ...options, storeClient: store.client, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(options) });
  const keys = (email: string, ip: string) => [`email:${email.trim().toLowerCase()}`, `ip:${ip}`];

  return {
    async check(email, ip) {
      const states = await Promise.all(keys(email, ip).map((key) => limiter.get(key)));
      const exhausted = states.filter((state): state is RateLimiterRes => state !== null && state.consumedPoints >= maxFailures);
      if (exhausted.length === 0) return { blocked: false };
      const waitMs = Math.max(...exhausted.map((state) => state.msBeforeNext));
      return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
    async recordFailure(email, ip) {
      await Promise.all(
        keys(email, ip).map((key) =>
          limiter.consume(key).catch((rejection: unknown) => {
            // Out of points is the expected outcome of the sixth failure; anything else is a fault.
            if (!(rejection instanceof RateLimiterRes)) throw rejection;
          }),
        ),
      );
    },
    async recordSuccess(email) {
      await limiter.delete(keys(email, '')[0]);
    },
  };
}

const globalForSignIn = globalThis as typeof globalThis & { perchSignInLimiter?: SignInLimiter };

/** The process's sign-in limiter: shared through Redis when REDIS_URL is set. */
export function sharedSignInLimiter(): SignInLimiter {
  if (!globalForSignIn.perchSignInLimiter) {
    const redis = getRedis();
    globalForSignIn.perchSignInLimiter = createSignInLimiter({ store: redis ? { kind: 'redis', client: redis } : { kind: 'memory' } });
  }
  return globalForSignIn.perchSignInLimiter;
}

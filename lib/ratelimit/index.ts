export { consumeRateLimit, sharedRateLimiter } from './consume-rate-limit';
export { createRateLimiter, type RateLimiterOptions, type RateLimiterStore } from './create-rate-limiter';
export { getRedis, closeRedis } from './redis-client';
export type { RateLimitDecision, RateLimiter } from './types';
export {
  createFailedAuthLimiter,
  sharedFailedAuthLimiter,
  failedAuthLimitFromEnv,
  FAILED_AUTH_MAX_FAILURES,
  FAILED_AUTH_WINDOW_SECONDS,
  type FailedAuthLimiter,
  type FailedAuthLimiterOptions,
  type FailedAuthVerdict,
} from './failed-auth-limiter';

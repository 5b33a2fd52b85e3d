export { consumeRateLimit, sharedRateLimiter } from './consume-rate-limit';
export { createRateLimiter, type RateLimiterOptions, type RateLimiterStore } from './create-rate-limiter';
export { getRedis, closeRedis } from './redis-client';
export type { RateLimitDecision, RateLimiter } from './types';

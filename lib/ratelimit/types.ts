/** What the pipeline needs for X-RateLimit-Limit/-Remaining/-Reset and, on a 429, Retry-After. */
export type RateLimitDecision = {
  allowed: boolean;
  /** The key's sustained rate, requests per second. */
  limit: number;
  /** Requests left in the current second before the burst reserve is drawn on. */
  remaining: number;
  /** When the current one-second window ends, Unix seconds. */
  resetUnixSeconds: number;
  /** 0 when allowed; otherwise whole seconds to wait, at least 1. */
  retryAfterSeconds: number;
};

export type RateLimiter = {
  /** Takes one request from the key's budget. */
  consume(keyId: string, rateLimit: number): Promise<RateLimitDecision>;
};

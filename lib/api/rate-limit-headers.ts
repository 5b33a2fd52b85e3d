import type { RateLimitDecision } from '@/lib/ratelimit/types';

// A key's rate-limit decision as response headers, in two vocabularies:
// - RateLimit-Policy and RateLimit of the IETF draft (draft-ietf-httpapi-ratelimit-headers-11,
//   May 2026): structured-field lists of a quoted policy name with parameters, q (quota) and
//   w (window, seconds) for the policy, r (remaining) and t (seconds the remaining is good for)
//   for the current state;
// - X-RateLimit-Limit/-Remaining/-Reset, Perch's original headers, kept for existing clients.
// Both describe the same one-second window. The burst reserve (another `limit` requests per
// 10 s once the second's are used, lib/ratelimit) has no counter in the decision, so it is not
// advertised as a policy of its own: r counts the second's quota only, and a call past r may
// still be served from the reserve (docs: Rate limits).
//
// Built on every call: the policy string depends on the limit alone and is kept per limit;
// the rest is one object literal of one shape.

/** The policy's name in both fields. */
export const RATE_LIMIT_POLICY_NAME = 'default';

/** The key's limit is so many requests per second (lib/ratelimit). */
const WINDOW_SECONDS = 1;

const policies = new Map<number, string>();

/** `"default";q=<limit>;w=1`, built once per distinct limit. */
export function rateLimitPolicy(limit: number): string {
  let policy = policies.get(limit);
  if (policy === undefined) {
    // Limits are set per key by people: few distinct values, but bound the map anyway.
    if (policies.size >= 1_000) policies.clear();
    policy = `"${RATE_LIMIT_POLICY_NAME}";q=${limit};w=${WINDOW_SECONDS}`;
    policies.set(limit, policy);
  }
  return policy;
}

/** The rate-limit headers of one answer to a key, lower-case as the bindings write them. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const remaining = String(decision.remaining);
  // t: seconds until the current window ends, rounded up as Retry-After is (a refusal's t is
  // its Retry-After). The window is one second, so an allowed call's is 1: the decision does
  // not say the milliseconds, and X-RateLimit-Reset (the end, rounded up to a whole Unix
  // second) can be up to 2 s away.
  const seconds = decision.allowed ? WINDOW_SECONDS : decision.retryAfterSeconds;
  return {
    'x-ratelimit-limit': String(decision.limit),
    'x-ratelimit-remaining': remaining,
    'x-ratelimit-reset': String(decision.resetUnixSeconds),
    'ratelimit-policy': rateLimitPolicy(decision.limit),
    ratelimit: `"${RATE_LIMIT_POLICY_NAME}";r=${remaining};t=${seconds}`,
  };
}

import { clientIp } from '@/lib/auth/client-ip';
import { authenticateKey } from '@/lib/keys/authenticate-key';
import { inSpan } from '@/lib/observability/spans';
import type { AuthFailureReason } from '@/lib/keys/types';
import { consumeRateLimit } from '@/lib/ratelimit/consume-rate-limit';
import { sharedFailedAuthLimiter } from '@/lib/ratelimit/failed-auth-limiter';
import type { Caller } from './define-operation';
import { ApiError } from './errors';
import type { ApiRequest } from './api-request';
import { rateLimitHeaders } from './rate-limit-headers';

const AUTH_MESSAGES: Record<AuthFailureReason, string> = {
  missing: 'send your API key as Authorization: Bearer perch_…',
  malformed: 'the Authorization header must be Bearer followed by a Perch API key',
  unknown: 'this API key does not exist',
  revoked: 'this API key was revoked',
  expired: 'this API key has expired',
  rotated: 'this API key was rotated and the grace period of its old secret has ended: use the new key',
};

export type AuthenticatedRequest = { caller: Caller; rateHeaders: Record<string, string> };

/** A 429 for a valid key: the call is still that key's, so it is recorded (dispatch). */
export class RateLimitedError extends ApiError {
  constructor(
    readonly caller: Caller,
    message: string,
    headers: Record<string, string>,
  ) {
    super('rate_limited', message, undefined, headers);
  }
}

/** The caller behind the request's key, with its rate-limit headers; 401 or 429 otherwise. */
export function authenticateRequest(request: ApiRequest): Promise<AuthenticatedRequest> {
  // The key lookup and the rate limit, one span of the call's trace (tracing on).
  return inSpan('perch.key_lookup', undefined, () => authenticate(request));
}

async function authenticate(request: ApiRequest): Promise<AuthenticatedRequest> {
  const auth = await authenticateKey(request.headers.get('authorization'));
  if (!auth.ok) throw await authenticationFailure(request, auth.reason);
  const { key } = auth;
  const decision = await consumeRateLimit(key.id, key.rateLimit);
  const rateHeaders = rateLimitHeaders(decision);
  const caller: Caller = { userId: key.userId, keyId: key.id, scopes: key.scopes, source: 'api' };
  if (!decision.allowed) {
    throw new RateLimitedError(caller, `rate limit of ${decision.limit} requests per second exceeded: retry after ${decision.retryAfterSeconds} s`, {
      ...rateHeaders,
      'retry-after': String(decision.retryAfterSeconds),
    });
  }
  return { caller, rateHeaders };
}

/**
 * The error for a refused key: 401, or 429 once the client's address has failed too often.
 * A request without any key is not a guess and is not counted; nor is one whose address is not
 * known (called in-process, not through an HTTP server), which has no address to throttle.
 */
async function authenticationFailure(request: ApiRequest, reason: AuthFailureReason): Promise<ApiError> {
  const unauthorized = new ApiError('unauthorized', AUTH_MESSAGES[reason], undefined, { 'www-authenticate': 'Bearer' });
  const ip = clientIp(request.headers);
  if (reason === 'missing' || ip === 'unknown') return unauthorized;
  const verdict = await sharedFailedAuthLimiter().recordFailure(ip);
  if (!verdict.throttled) return unauthorized;
  return new ApiError(
    'too_many_failed_authentications',
    `too many requests with an unknown, revoked, expired or malformed API key from your address: retry after ${verdict.retryAfterSeconds} s with a valid key`,
    { retry_after_seconds: verdict.retryAfterSeconds },
    { 'retry-after': String(verdict.retryAfterSeconds), 'www-authenticate': 'Bearer' },
  );
}

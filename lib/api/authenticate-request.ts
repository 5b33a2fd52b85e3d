import { authenticateKey } from '@/lib/keys/authenticate-key';
import type { AuthFailureReason } from '@/lib/keys/types';
import { consumeRateLimit } from '@/lib/ratelimit/consume-rate-limit';
import type { Caller } from './define-operation';
import { ApiError } from './errors';

const AUTH_MESSAGES: Record<AuthFailureReason, string> = {
  missing: 'send your API key as Authorization: Bearer perch_…',
  malformed: 'the Authorization header must be Bearer followed by a Perch API key',
  unknown: 'this API key does not exist',
  revoked: 'this API key was revoked',
  expired: 'this API key has expired',
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
export async function authenticateRequest(request: Request): Promise<AuthenticatedRequest> {
  const auth = await authenticateKey(request.headers.get('authorization'));
  if (!auth.ok) throw new ApiError('unauthorized', AUTH_MESSAGES[auth.reason], undefined, { 'www-authenticate': 'Bearer' });
  const { key } = auth;
  const decision = await consumeRateLimit(key.id, key.rateLimit);
  const rateHeaders = {
    'x-ratelimit-limit': String(decision.limit),
    'x-ratelimit-remaining': String(decision.remaining),
    'x-ratelimit-reset': String(decision.resetUnixSeconds),
  };
  const caller: Caller = { userId: key.userId, keyId: key.id, scopes: key.scopes, source: 'api' };
  if (!decision.allowed) {
    throw new RateLimitedError(caller, `rate limit of ${decision.limit} requests per second exceeded: retry after ${decision.retryAfterSeconds} s`, {
      ...rateHeaders,
      'retry-after': String(decision.retryAfterSeconds),
    });
  }
  return { caller, rateHeaders };
}

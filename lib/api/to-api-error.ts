import { isDatabaseUnavailable, OUTAGE_RETRY_AFTER_SECONDS } from '@/lib/db/database-unavailable';
import { ForbiddenError, InvalidCursorError, InvalidInputError, NotFoundError, UnavailableError, UpstreamError, UpstreamRateLimitedError } from '@/lib/platform/errors';
import { componentLogger } from '@/lib/observability/logger';
import { ApiError } from './errors';

const log = componentLogger('api');

/** Any thrown value as the ApiError to answer with; unexpected ones are logged and become a bare 500. */
export function toApiError(error: unknown, requestId: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof NotFoundError) return new ApiError('not_found', error.message);
  if (error instanceof InvalidCursorError) return new ApiError('invalid_request', error.message, [{ path: 'cursor', message: error.message }]);
  if (error instanceof InvalidInputError) return new ApiError('invalid_request', error.message, [{ path: error.path ?? 'body', message: error.message }]);
  if (error instanceof ForbiddenError) return new ApiError('forbidden', error.message);
  if (error instanceof UnavailableError) return new ApiError('unavailable', error.message);
  if (error instanceof UpstreamError) return new ApiError('upstream_error', error.message);
  if (error instanceof UpstreamRateLimitedError) {
    const seconds = Math.max(1, Math.ceil(error.retryAfterSeconds));
    return new ApiError('rate_limited', error.message, { retry_after: seconds }, { 'retry-after': String(seconds) });
  }
  // Nothing was charged: a hold that could not be placed took no credits, and one placed
  // before the outage is released by the stale-hold sweeper once the database is back.
  if (isDatabaseUnavailable(error)) {
    return new ApiError('unavailable', 'the database is unavailable right now: retry shortly', undefined, { 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS) });
  }
  log.error({ request_id: requestId, err: error }, 'internal error');
  return new ApiError('internal_error', `internal error: quote ${requestId} when reporting it`);
}

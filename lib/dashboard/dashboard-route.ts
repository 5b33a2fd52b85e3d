import { isDatabaseUnavailable, OUTAGE_RETRY_AFTER_SECONDS } from '@/lib/db/database-unavailable';

/**
 * A dashboard JSON route that answers a database outage with 503 and Retry-After in the
 * routes' JSON error shape, instead of Next's bare 500: the dashboard's fetches can tell
 * "try again shortly" from a bug. Any other error still propagates.
 */
export function dashboardRoute<Args extends unknown[]>(handler: (...args: Args) => Promise<Response>): (...args: Args) => Promise<Response> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      return Response.json(
        { error: 'the database is unavailable: try again in a few seconds' },
        { status: 503, headers: { 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS), 'cache-control': 'no-store' } },
      );
    }
  };
}

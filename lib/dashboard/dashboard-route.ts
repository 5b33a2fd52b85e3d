import { isDatabaseUnavailable, OUTAGE_RETRY_AFTER_SECONDS } from '@/lib/db/database-unavailable';
import { unstorableReason } from '@/lib/db/unstorable-text';

/**
 * A dashboard JSON route that answers a database outage with 503 and Retry-After in the
 * routes' JSON error shape, instead of Next's bare 500: the dashboard's fetches can tell
 * "try again shortly" from a bug. Any other error still propagates.
 */
export function dashboardRoute<Args extends unknown[]>(handler: (...args: Args) => Promise<Response>): (...args: Args) => Promise<Response> {
  return async (...args) => {
    const refused = args[0] instanceof Request ? refuseUnstorableUrl(args[0]) : null;
    if (refused) return refused;
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

/**
 * A 400 naming the query parameter or path segment that holds text the database cannot store
 * (NUL from %00): route handlers read them as filters and ids, and PostgreSQL would fail on them.
 */
function refuseUnstorableUrl(request: Request): Response | null {
  const url = new URL(request.url);
  // The dashboard's /v2 passes through dispatch, which refuses these itself in the API's envelope.
  if (url.pathname.startsWith('/api/dashboard/v2/')) return null;
  for (const [name, value] of url.searchParams) {
    const reason = unstorableReason(name) ?? unstorableReason(value);
    if (reason) return unstorableAnswer(JSON.stringify(name).slice(1, -1), reason);
  }
  if (!url.pathname.includes('%')) return null;
  for (const segment of url.pathname.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      continue;
    }
    const reason = unstorableReason(decoded);
    if (reason) return unstorableAnswer('path', reason);
  }
  return null;
}

function unstorableAnswer(field: string, reason: string): Response {
  return Response.json({ error: `${field}: ${reason}`, errors: { [field]: reason } }, { status: 400, headers: { 'cache-control': 'no-store' } });
}

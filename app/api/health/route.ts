import { databaseAnswers } from '@/lib/db/check-database';
import { OUTAGE_RETRY_AFTER_SECONDS } from '@/lib/db/database-unavailable';

export const dynamic = 'force-dynamic';

/**
 * Whether this instance can serve: 200 when its database answers, 503 with Retry-After when it
 * does not (a load balancer's health check; the dashboard's error page asks it too).
 */
export async function GET(): Promise<Response> {
  const ok = await databaseAnswers();
  return Response.json(
    { database: ok ? 'ok' : 'unavailable' },
    { status: ok ? 200 : 503, headers: { 'cache-control': 'no-store', ...(ok ? {} : { 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS) }) } },
  );
}

import { databaseAnswers } from '@/lib/db/check-database';
import { OUTAGE_RETRY_AFTER_SECONDS } from '@/lib/db/database-unavailable';
import { loopHealth } from './loop-health';

export type HealthReport = {
  status: 200 | 503;
  /** `database` ("ok" or "unavailable") and each background loop of this process ("ok" or "recovering"). */
  body: Record<string, string>;
  headers: Record<string, string>;
};

/**
 * Whether this instance can serve: 503 with Retry-After while its database does not answer or
 * one of its background loops has been down for longer than its grace, 200 otherwise. A loop
 * that is down within its grace shows as "recovering" in a 200.
 */
export async function healthReport(databaseUp: () => Promise<boolean> = () => databaseAnswers()): Promise<HealthReport> {
  const database = await databaseUp();
  const { loops, failing } = loopHealth();
  const ok = database && failing.length === 0;
  return {
    status: ok ? 200 : 503,
    body: { database: database ? 'ok' : 'unavailable', ...loops },
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...(ok ? {} : { 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS) }) },
  };
}

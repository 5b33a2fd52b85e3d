import { getPool } from '@/lib/db/pool';
import { writeAnsweredUsage } from '@/lib/metering/write-answered-usage';
import { CALL_TWEET_SQL, tweetIdOfCall } from './tweet-of-call';

export type RecentRequest = {
  requestId: string;
  at: string;
  operation: string;
  status: number;
  items: number;
  credits: number;
  latencyMs: number;
  /** The key's name; null for calls made from the dashboard without a key. */
  keyName: string | null;
  source: string;
  /** The tweet the call was about (its path or body named one), for a link to it; null otherwise. */
  tweetId: string | null;
};

const RECENT_SQL = `
  SELECT e.request_id, e.created_at, e.operation, e.status, e.items, e.credits::text, e.latency_ms, e.source, k.name AS key_name,
         ${CALL_TWEET_SQL} AS tweet
  FROM usage_events e LEFT JOIN api_keys k ON k.id = e.key_id
  WHERE e.user_id = $1
  ORDER BY e.created_at DESC, e.id DESC
  LIMIT $2`;

type Row = { request_id: string; created_at: Date; operation: string; status: number; items: number; credits: string; latency_ms: number; source: string; key_name: string | null; tweet: string | null };

/** An account's most recent /v2 calls, newest first. */
export async function getRecentRequests(userId: string, limit = 20): Promise<RecentRequest[]> {
  // Usage is written behind (lib/metering): what this server answered is written first.
  await writeAnsweredUsage();
  const { rows } = await getPool().query<Row>(RECENT_SQL, [userId, limit]);
  return rows.map((r) => ({
    requestId: r.request_id,
    at: r.created_at.toISOString(),
    operation: r.operation,
    status: r.status,
    items: r.items,
    credits: Number(r.credits),
    latencyMs: r.latency_ms,
    keyName: r.key_name,
    source: r.source,
    tweetId: tweetIdOfCall(r.tweet),
  }));
}

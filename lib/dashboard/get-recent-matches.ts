import { getPool } from '@/lib/db/pool';

/** A match as the Rules page's live panel shows it: read from the database, so watching charges nothing. */
export type RecentMatch = {
  id: string;
  ruleId: string;
  tag: string;
  tweetId: string;
  author: string;
  text: string;
  matchedAt: string;
  /** The request that charged its delivery (webhook `dlv_…` or stream `stream_…`) in the request log; null until one is recorded. */
  requestId: string | null;
};

export const RECENT_MATCHES = 20;

/**
 * An account's newest tweet matches, newest first (monitor events have their own timelines). Per key through the (key_id, id) index, then
 * merged: the table holds every account's matches, and an account's keys are few.
 */
export async function getRecentMatches(userId: string, limit = RECENT_MATCHES): Promise<RecentMatch[]> {
  const { rows } = await getPool().query<RecentMatch>(
    `SELECT m.id::text, m.rule_id::text AS "ruleId", r.tag, m.tweet_id::text AS "tweetId", coalesce(m.tweet->'author'->>'username', '') AS author,
            coalesce(m.tweet->>'text', '') AS text, to_char(m.matched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "matchedAt",
            (SELECT e.request_id FROM usage_events e
              WHERE e.request_id = ANY (ARRAY['stream_' || m.id] || ARRAY(SELECT 'dlv_' || d.id::text FROM realtime_deliveries d WHERE d.match_id = m.id))
                AND e.user_id = $1
              ORDER BY e.credits DESC, e.id LIMIT 1) AS "requestId"
     FROM api_keys k
     CROSS JOIN LATERAL (SELECT * FROM realtime_matches x WHERE x.key_id = k.id AND x.event = 'rule.match' ORDER BY x.id DESC LIMIT $2) m
     JOIN realtime_rules r ON r.id = m.rule_id
     WHERE k.user_id = $1
     ORDER BY m.id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows;
}

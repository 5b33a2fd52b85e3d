import { getPool } from '@/lib/db/pool';

/** A match as the Rules page's live panel shows it: read from the database, so watching charges nothing. */
export type RecentMatch = { id: string; ruleId: string; tag: string; tweetId: string; author: string; text: string; matchedAt: string };

export const RECENT_MATCHES = 20;

/**
 * An account's newest matches, newest first. Per key through the (key_id, id) index, then
 * merged: the table holds every account's matches, and an account's keys are few.
 */
export async function getRecentMatches(userId: string, limit = RECENT_MATCHES): Promise<RecentMatch[]> {
  const { rows } = await getPool().query<RecentMatch>(
    `SELECT m.id::text, m.rule_id::text AS "ruleId", r.tag, m.tweet_id::text AS "tweetId", coalesce(m.tweet->'author'->>'username', '') AS author,
            coalesce(m.tweet->>'text', '') AS text, to_char(m.matched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "matchedAt"
     FROM api_keys k
     CROSS JOIN LATERAL (SELECT * FROM realtime_matches x WHERE x.key_id = k.id ORDER BY x.id DESC LIMIT $2) m
     JOIN realtime_rules r ON r.id = m.rule_id
     WHERE k.user_id = $1
     ORDER BY m.id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows;
}

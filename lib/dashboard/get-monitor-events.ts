import { getPool } from '@/lib/db/pool';
import { storableId } from '@/lib/platform/local/ids';
import { lastDays } from './days';
import type { SeriesRow } from './pivot-series';
import { CHART_DAYS, FOLLOW_SERIES, TIMELINE_PAGE, type MonitorTimeline } from './monitor-timeline';

type EventRow = { id: string; event: string; at: string; data: Record<string, unknown> | null; tweet: { id?: string; text?: string; author?: { username?: string } } | null };

/**
 * A workspace's rule's events, newest first, older than `before` (keyset paging on the event id),
 * or null when the workspace has no such rule. Read through the rule's key: the
 * realtime_matches_key (key_id, id) index walks the key's events newest first.
 */
export async function getMonitorTimeline(workspaceId: string, ruleId: string, before: string | null, limit = TIMELINE_PAGE): Promise<MonitorTimeline | null> {
  if (storableId(ruleId) === null) return null;
  const pool = getPool();
  const { rows: rules } = await pool.query<{ key_id: string; kind: string }>('SELECT key_id, kind FROM realtime_rules WHERE id = $1::bigint AND user_id = $2', [ruleId, workspaceId]);
  const rule = rules[0];
  if (!rule) return null;
  const { rows } = await pool.query<EventRow>(
    `SELECT m.id::text, m.event, to_char(m.matched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS at, m.data, m.tweet
     FROM realtime_matches m WHERE m.key_id = $1 AND m.rule_id = $2::bigint AND ($3::bigint IS NULL OR m.id < $3::bigint)
     ORDER BY m.id DESC LIMIT $4`,
    [rule.key_id, ruleId, before, limit + 1],
  );
  const page = rows.slice(0, limit);
  const events = page.map(({ tweet, ...row }) => ({
    ...row,
    tweet: tweet ? { id: String(tweet.id ?? ''), author: tweet.author?.username ?? '', text: tweet.text ?? '' } : null,
  }));
  const nextBefore = rows.length > limit ? page[page.length - 1].id : null;
  const daily = rule.kind === 'follows' && before === null ? await followsPerDay(ruleId) : null;
  return { events, nextBefore, daily };
}

/**
 * follow.added and follow.removed of a follows monitor per UTC day, the last CHART_DAYS days, zeros
 * included. Monitor events always carry an event_key: saying so lets the partial unique index on
 * (rule_id, event_key) find the rule's rows.
 */
async function followsPerDay(ruleId: string, now = new Date()): Promise<SeriesRow[]> {
  const days = lastDays(CHART_DAYS, now);
  const { rows } = await getPool().query<{ day: string; added: number; removed: number }>(
    `SELECT to_char(matched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
            count(*) FILTER (WHERE event = 'follow.added')::int AS added, count(*) FILTER (WHERE event = 'follow.removed')::int AS removed
     FROM realtime_matches WHERE rule_id = $1::bigint AND event_key IS NOT NULL AND matched_at >= $2::date GROUP BY 1`,
    [ruleId, days[0]],
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => ({ day, [FOLLOW_SERIES[0]]: byDay.get(day)?.added ?? 0, [FOLLOW_SERIES[1]]: byDay.get(day)?.removed ?? 0 }));
}

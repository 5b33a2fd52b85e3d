import { getPool } from '@/lib/db/pool';
import type { Tweet } from '@/lib/platform/types';
import { ACCOUNT_EVENTS, RULE_EVENTS, type EventType } from './event-store';

/** One stored event as GET /v2/events lists it. */
export type StoredEvent = {
  id: string;
  type: EventType;
  created_at: string;
  rule: { id: string; tag: string } | null;
  tweet: Tweet | null;
  data: Record<string, unknown> | null;
};

export type EventFilter = {
  /** Only these types (all when absent). */
  types?: readonly EventType[];
  /** Only this rule's events (account events have none, so they are left out). */
  ruleId?: string;
  /** Only events stored at or after this time. */
  since?: Date;
};

type Row = { id: string; event: EventType; rule_id: string | null; tag: string | null; tweet: Tweet | null; data: Record<string, unknown> | null; matched_at: Date };

// Two indexed reads merged, each already in id order and cut at the page: the key's rules'
// events by realtime_matches_key (key_id, id) and its workspace's account events by the partial
// realtime_matches_account (user_id, id) WHERE rule_id IS NULL. A branch the filter rules out is
// not run at all ($8, $9), so a rule_id or a type list of one family reads one index.
const LIST_SQL = `
  SELECT * FROM (
    (SELECT m.id::text, m.event, m.rule_id::text, r.tag, m.tweet, m.data, m.matched_at
     FROM realtime_matches m JOIN realtime_rules r ON r.id = m.rule_id
     WHERE $8::boolean AND m.key_id = $1 AND m.id > $3::bigint AND ($4::text[] IS NULL OR m.event = ANY ($4::text[]))
       AND ($5::bigint IS NULL OR m.rule_id = $5::bigint) AND ($6::timestamptz IS NULL OR m.matched_at >= $6::timestamptz)
     ORDER BY m.id LIMIT $7)
    UNION ALL
    (SELECT m.id::text, m.event, NULL, NULL, NULL, m.data, m.matched_at
     FROM realtime_matches m
     WHERE $9::boolean AND m.user_id = $2 AND m.rule_id IS NULL AND m.id > $3::bigint AND ($4::text[] IS NULL OR m.event = ANY ($4::text[]))
       AND ($6::timestamptz IS NULL OR m.matched_at >= $6::timestamptz)
     ORDER BY m.id LIMIT $7)
  ) e ORDER BY e.id::bigint LIMIT $7`;

/**
 * The events a key sees, oldest first, after the event id `afterId`: its own rules' events and
 * its workspace's account events (balance, budgets, exports), at most `limit`.
 */
export async function listEvents(owner: { userId: string; keyId: string }, filter: EventFilter, afterId: string | null, limit: number): Promise<StoredEvent[]> {
  const types = filter.types && filter.types.length > 0 ? filter.types : null;
  const wantsRuleEvents = types === null || types.some((type) => (RULE_EVENTS as readonly string[]).includes(type));
  const wantsAccountEvents = filter.ruleId === undefined && (types === null || types.some((type) => (ACCOUNT_EVENTS as readonly string[]).includes(type)));
  if (!wantsRuleEvents && !wantsAccountEvents) return [];
  const { rows } = await getPool().query<Row>(LIST_SQL, [
    owner.keyId,
    owner.userId,
    afterId ?? '0',
    types,
    filter.ruleId ?? null,
    filter.since ?? null,
    limit,
    wantsRuleEvents,
    wantsAccountEvents,
  ]);
  return rows.map((row) => ({
    id: row.id,
    type: row.event,
    created_at: row.matched_at.toISOString(),
    rule: row.rule_id === null ? null : { id: row.rule_id, tag: row.tag ?? '' },
    tweet: row.tweet ?? null,
    data: row.data ?? null,
  }));
}

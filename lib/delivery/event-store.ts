import type { Queryable } from '@/lib/db/queryable';
import { getPool } from '@/lib/db/pool';
import { wakeEndpointSql } from './wake-endpoint';

// The event store (issue 32): every event is a row of realtime_matches (the name predates it and
// much code reads it), listed by GET /v2/events, carried by GET /v2/stream and referenced by its
// deliveries (match_id). Rows older than PERCH_EVENT_RETENTION_DAYS are purged (match-worker.ts).

/** Events of a rule (they belong to the rule's key). */
export const RULE_EVENTS = ['rule.match', 'follow.added', 'follow.removed', 'profile.updated', 'profile.unavailable', 'profile.available'] as const;
/** Events of the workspace as a whole: no rule, no key, free, never held. */
export const ACCOUNT_EVENTS = ['account.balance_low', 'budget.threshold', 'export.completed', 'export.failed'] as const;
/** Every stored event type (the CHECK of migration 20261201110000_event_store). */
export const EVENT_TYPES = [...RULE_EVENTS, ...ACCOUNT_EVENTS] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export type AccountEventType = (typeof ACCOUNT_EVENTS)[number];

/** The channel a stream listens on (the matcher notifies it with a key id; account events with accountChannelPayload). */
export const EVENTS_CHANNEL = 'perch_realtime_matches';

/** The notification payload that wakes the streams of every key of a workspace: account events are theirs. */
export const accountChannelPayload = (userId: string) => `account:${userId}`;

/** How many days events are kept: PERCH_EVENT_RETENTION_DAYS, else the older PERCH_MATCH_RETENTION_DAYS, else 30. */
export function eventRetentionDays(): number {
  const raw = process.env.PERCH_EVENT_RETENTION_DAYS ?? process.env.PERCH_MATCH_RETENTION_DAYS;
  const days = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  return Number.isFinite(days) && days > 0 ? days : 30;
}

/** Deletes the events older than the retention (their deliveries go with them); how many. */
export async function purgeExpiredEvents(days = eventRetentionDays()): Promise<number> {
  const { rowCount } = await getPool().query(`DELETE FROM realtime_matches WHERE matched_at < now() - $1 * interval '1 day'`, [days]);
  return rowCount ?? 0;
}

/**
 * The SQL condition "endpoint `alias` takes events named `eventExpression`": its `events` filter
 * is NULL (every event) or lists the name. Every statement that creates deliveries applies it.
 */
export function endpointTakesSql(alias: string, eventExpression: string): string {
  return `(${alias}.events IS NULL OR ${eventExpression} = ANY (${alias}.events))`;
}

/**
 * Data-modifying CTEs, for a statement whose earlier CTE or table `source` yields one account
 * event per row: `stored_events` stores each (user_id, event, data) and `event_deliveries` queues
 * one delivery referencing it per active endpoint of the workspace that takes the event, with
 * `event_turns` waking those endpoints. The caller's SELECT must read `event_turns` (a plain
 * CTE runs only when read) and then calls notifyAccountEvents for the streams.
 */
export function storeAccountEventsCtes(source: string, columns: { userId: string; event: string; data: string }): string {
  return `stored_events AS (
    INSERT INTO realtime_matches (user_id, event, data)
    SELECT ${columns.userId}, ${columns.event}, ${columns.data} FROM ${source}
    RETURNING id, user_id, event, data
  ), event_deliveries AS (
    -- The delivery keeps its copy of the payload, as before the event store (the delivery log reads it).
    INSERT INTO realtime_deliveries (endpoint_id, match_id, event, data)
    SELECT e.id, s.id, s.event, s.data FROM stored_events s JOIN realtime_endpoints e ON e.user_id = s.user_id AND e.active AND ${endpointTakesSql('e', 's.event')}
    RETURNING id, endpoint_id
  ), event_turns AS (
    SELECT ${wakeEndpointSql('d.endpoint_id')} FROM (SELECT DISTINCT endpoint_id FROM event_deliveries) d
  )`;
}

/** Wakes the open streams of the workspaces' keys when the caller's transaction commits: account events are on them. */
export async function notifyAccountEvents(db: Queryable, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.query(`SELECT pg_notify('${EVENTS_CHANNEL}', 'account:' || u) FROM (SELECT DISTINCT unnest($1::text[]) AS u) x`, [userIds]);
}

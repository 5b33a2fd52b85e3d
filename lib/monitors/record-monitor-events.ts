import type pg from 'pg';
import { wakeEndpointSql } from '@/lib/delivery/wake-endpoint';
import { endpointTakesSql, EVENTS_CHANNEL } from '@/lib/delivery/event-store';
import type { EventDataOf, MonitorEventName } from '@/lib/delivery/event-data';

/**
 * An event a monitor found for one of its rules. `event_key` names the change within the rule
 * (a queue row, a stream record, a poll's diff entry): a source that replays it after a crash
 * or a takeover records nothing twice (unique (rule_id, event_key) of the event store).
 */
export type MonitorEvent = { [E in MonitorEventName]: { rule_id: string; event: E; event_key: string; data: EventDataOf[E] } }[MonitorEventName];

// The events (rows of the event store), a delivery for each endpoint of the rule's workspace that
// takes the event, and a turn for each endpoint given some, in one statement of the caller's
// transaction, in the order given (ids rise with it: per monitored account, events keep their
// order). Rules paused or deleted since the source loaded them, and those of revoked or expired
// keys, record nothing.
const RECORD_SQL = `
  WITH found AS (
    SELECT x.* FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (rule_id bigint, event text, event_key text, data jsonb)) WITH ORDINALITY AS x(rule_id, event, event_key, data, ordinality)
  ), recorded AS (
    INSERT INTO realtime_matches (rule_id, user_id, key_id, event, event_key, data)
    SELECT r.id, r.user_id, r.key_id, f.event, f.event_key, f.data FROM found f JOIN realtime_rules r ON r.id = f.rule_id AND r.status = 'active'
    JOIN api_keys k ON k.id = r.key_id AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())
    ORDER BY f.ordinality
    ON CONFLICT (rule_id, event_key) WHERE event_key IS NOT NULL DO NOTHING
    RETURNING id, user_id, key_id, event
  ), delivered AS (
    INSERT INTO realtime_deliveries (endpoint_id, match_id, event)
    SELECT e.id, m.id, m.event FROM recorded m JOIN realtime_endpoints e ON e.user_id = m.user_id AND e.active AND ${endpointTakesSql('e', 'm.event')}
    ORDER BY m.id
    RETURNING id, endpoint_id
  ), jobs AS (
    SELECT ${wakeEndpointSql('woken.endpoint_id')} FROM (SELECT DISTINCT endpoint_id FROM delivered) woken
  )
  SELECT (SELECT count(*) FROM jobs)::int AS jobs, coalesce((SELECT array_agg(DISTINCT key_id) FROM recorded), '{}') AS keys, (SELECT count(*) FROM recorded)::int AS recorded`;

/**
 * Records monitor events once each, with their deliveries and endpoint turns, in the caller's
 * transaction, and wakes the keys' streams when it commits. How many were new.
 */
export async function recordMonitorEvents(client: pg.PoolClient, events: readonly MonitorEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const { rows } = await client.query<{ keys: string[]; recorded: number }>(RECORD_SQL, [JSON.stringify(events)]);
  if (rows[0].keys.length > 0) await client.query(`SELECT pg_notify('${EVENTS_CHANNEL}', k) FROM unnest($1::text[]) k`, [rows[0].keys]);
  return rows[0].recorded;
}

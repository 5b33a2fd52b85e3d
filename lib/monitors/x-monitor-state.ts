import type pg from 'pg';
import { getPool } from '@/lib/db/pool';
import type { EventUser, ProfileField } from '@/lib/delivery/event-data';

// What the X monitor source saw at a rule's last poll (realtime_x_monitor_state), the other side
// of the next poll's diff. Stored with a version: a poll stores its state only over the version it
// read, in the transaction recording its events, so two pollers (a takeover) never record twice.

/** A follows rule's lists: each account's id with [username, name] as last seen. */
export type GraphState = Record<string, [string, string | null]>;
export type FollowsState = { followers?: GraphState; following?: GraphState };

/** A profile rule's accounts: the compared fields as last seen, and whether X could read them. */
export type ProfileEntry = { user: EventUser; fields: Record<ProfileField, unknown> | null; status: 'available' | 'deleted' | 'suspended' };
export type ProfileState = Record<string, ProfileEntry>;

export type StoredState<S> = { subject: string; state: S; version: number } | null;

/** Forgets the state of every rule not in `activeRuleIds` (paused, deleted): resumed, a rule starts from a new baseline. */
export async function forgetInactive(activeRuleIds: readonly string[]): Promise<void> {
  await getPool().query('DELETE FROM realtime_x_monitor_state WHERE NOT (rule_id = ANY ($1::bigint[]))', [activeRuleIds]);
}

export async function loadState<S>(ruleId: string): Promise<StoredState<S>> {
  const { rows } = await getPool().query<{ subject: string; state: S; version: string }>('SELECT subject, state, version FROM realtime_x_monitor_state WHERE rule_id = $1', [ruleId]);
  return rows[0] ? { subject: rows[0].subject, state: rows[0].state, version: Number(rows[0].version) } : null;
}

/** Another poller stored the rule's state since this one read it: this poll records nothing. */
export class StateMovedError extends Error {
  constructor(ruleId: string) {
    super(`the state of rule ${ruleId} moved under this poll (another poller): its diff is dropped`);
    this.name = 'StateMovedError';
  }
}

/**
 * Stores a poll's state over the version it read (null: there was none), in the caller's
 * transaction. A rule deleted meanwhile stores nothing, and that is not an error.
 */
export async function saveState(client: pg.PoolClient, ruleId: string, read: StoredState<unknown>, subject: string, state: unknown): Promise<void> {
  if (read === null) {
    const inserted = await client.query(
      `INSERT INTO realtime_x_monitor_state (rule_id, subject, state) SELECT id, $2, $3::jsonb FROM realtime_rules WHERE id = $1 ON CONFLICT (rule_id) DO NOTHING RETURNING rule_id`,
      [ruleId, subject, JSON.stringify(state)],
    );
    if (inserted.rowCount === 0 && (await client.query('SELECT 1 FROM realtime_rules WHERE id = $1', [ruleId])).rowCount) throw new StateMovedError(ruleId);
    return;
  }
  const updated = await client.query(
    'UPDATE realtime_x_monitor_state SET subject = $2, state = $3::jsonb, version = version + 1, polled_at = now() WHERE rule_id = $1 AND version = $4',
    [ruleId, subject, JSON.stringify(state), read.version],
  );
  if (updated.rowCount === 0) throw new StateMovedError(ruleId);
}

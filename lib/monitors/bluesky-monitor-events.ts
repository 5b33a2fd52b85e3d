import type pg from 'pg';
import { getPool } from '@/lib/db/pool';
import type { EventUser } from '@/lib/delivery/event-data';
import type { ProfileView } from '@/lib/platform/bluesky/map-records';
import { FOLLOW_COLLECTION, PROFILE_COLLECTION, type StreamEvent } from '@/lib/platform/bluesky/stream/stream-events';
import type { ActiveRule } from '@/lib/rules/rule-store';
import type { BlueskyMonitors } from './bluesky-monitors';
import { profileChanges, profileFieldsOf, type BlueskyProfileFields } from './bluesky-profile-fields';
import { recordMonitorEvents, type MonitorEvent } from './record-monitor-events';

// A batch of stream events as monitor events, and the state they leave. Worked out before the
// batch's transaction (the AppView's profiles are read then); written in it, with the stream's
// position, by the returned function: a restart reads the batch again and finds its events
// recorded (their keys are the records' identities) and its state in place.

type Lookup = (dids: readonly string[]) => Promise<ProfileView[]>;
type Stored = { handle: string | null; profile: BlueskyProfileFields; available: boolean };

/** #account statuses that make an account unavailable, and the reason profile.unavailable gives. */
const UNAVAILABLE: Record<string, 'suspended' | 'deleted'> = { takendown: 'suspended', suspended: 'suspended', deleted: 'deleted', deactivated: 'deleted' };

/** Writes a batch's monitor events and state in the caller's transaction. */
export type MonitorWrite = (client: pg.PoolClient) => Promise<void>;

export async function prepareMonitorEvents(events: readonly StreamEvent[], monitors: BlueskyMonitors, lookUp: Lookup): Promise<MonitorWrite | null> {
  if (monitors.follows.size === 0 && monitors.profile.size === 0) return null;
  const changes = events.flatMap((e) => (e.change ? [e.change] : []));
  const follows = changes.filter((c) => c.collection === FOLLOW_COLLECTION);
  const profiles = changes.filter((c) => c.collection === PROFILE_COLLECTION && c.rkey === 'self' && monitors.profile.has(c.did));
  const accounts = events.flatMap((e) => (e.account && monitors.profile.has(e.account.did) ? [e.account] : []));
  if (monitors.follows.size === 0) follows.length = 0;
  if (follows.length === 0 && profiles.length === 0 && accounts.length === 0) return null;

  // The subjects of the deleted follow records the state knows (a delete names only author and key).
  const deletes = follows.filter((c) => c.operation === 'delete');
  const subjects = new Map<string, string>();
  if (deletes.length > 0) {
    const { rows } = await getPool().query<{ author_did: string; rkey: string; subject_did: string }>(
      'SELECT f.author_did, f.rkey, f.subject_did FROM bluesky_monitor_follows f JOIN unnest($1::text[], $2::text[]) AS d(author, rkey) ON f.author_did = d.author AND f.rkey = d.rkey',
      [deletes.map((c) => c.did), deletes.map((c) => c.rkey)],
    );
    for (const row of rows) subjects.set(`${row.author_did}/${row.rkey}`, row.subject_did);
  }
  const watched = [...new Set([...profiles.map((c) => c.did), ...accounts.map((a) => a.did)])];
  const stored = new Map<string, Stored>();
  if (watched.length > 0) {
    const { rows } = await getPool().query<Stored & { did: string }>('SELECT did, handle, profile, available FROM bluesky_monitor_accounts WHERE did = ANY ($1::text[])', [watched]);
    for (const row of rows) stored.set(row.did, { handle: row.handle, profile: row.profile ?? {}, available: row.available });
  }

  // Follow records in stream order: which (author, subject) each one is, and the rows to keep.
  type Found = { did: string; rules: ActiveRule[]; make: (users: Map<string, EventUser>) => MonitorEvent[] };
  const found: Found[] = [];
  const named = new Set<string>();
  const inserts: [string, string, string][] = [];
  const removed: [string, string][] = [];
  for (const change of follows) {
    const key = `${change.did}/${change.rkey}`;
    const subject = change.operation === 'delete' ? subjects.get(key) : typeof change.record?.subject === 'string' ? change.record.subject : undefined;
    if (!subject || change.operation === 'update') continue;
    const author = change.did;
    if (!monitors.follows.has(author) && !monitors.follows.has(subject)) continue;
    if (change.operation === 'create') {
      inserts.push([author, change.rkey, subject]);
      subjects.set(key, subject);
    } else removed.push([author, change.rkey]);
    const event = change.operation === 'create' ? ('follow.added' as const) : ('follow.removed' as const);
    const eventKey = `follow:${key}:${change.operation}`;
    for (const [monitored, direction] of [
      [subject, 'followers'],
      [author, 'following'],
    ] as const) {
      const rules = (monitors.follows.get(monitored) ?? []).filter((rule) => rule.direction === direction || rule.direction === 'both');
      if (rules.length === 0) continue;
      named.add(author).add(subject);
      found.push({
        did: monitored,
        rules,
        make: (users) =>
          rules.map((rule) => ({ rule_id: rule.id, event, event_key: eventKey, data: { monitor: { username: rule.accounts[0], direction }, follower: users.get(author)!, followed: users.get(subject)! } })),
      });
    }
  }

  // Profile records and account changes, in stream order, each against the state before it.
  const states = new Map<string, Stored>();
  const stateOf = (did: string): Stored => states.get(did) ?? stored.get(did) ?? { handle: null, profile: {}, available: true };
  for (const event of events) {
    const change = event.change;
    if (change && change.collection === PROFILE_COLLECTION && change.rkey === 'self' && monitors.profile.has(change.did)) {
      const before = stateOf(change.did);
      const after = profileFieldsOf(change.did, change.operation === 'delete' ? null : change.record);
      const known = stored.has(change.did) || states.has(change.did);
      states.set(change.did, { ...before, profile: after });
      // First sight (no baseline stored yet): this record is the baseline, nothing is sent.
      if (!known) continue;
      const diff = profileChanges(before.profile, after);
      if (diff.length === 0) continue;
      const rules = monitors.profile.get(change.did)!;
      const name = (after.name as string | null) ?? null;
      found.push({
        did: change.did,
        rules,
        make: (users) => rules.map((rule) => ({ rule_id: rule.id, event: 'profile.updated', event_key: `profile:${change.did}:${change.rev || event.cursor}`, data: { user: { ...users.get(change.did)!, name }, changes: diff } })),
      });
    }
    const account = event.account;
    if (account && monitors.profile.has(account.did)) {
      const before = stateOf(account.did);
      const reason = account.active ? null : UNAVAILABLE[account.status ?? ''];
      if (!account.active && !reason) continue; // desynchronized, throttled: not the account's own state
      if (account.active === before.available) continue;
      states.set(account.did, { ...before, available: account.active });
      const rules = monitors.profile.get(account.did)!;
      const key = `account:${account.did}:${account.seq || event.cursor}`;
      found.push({
        did: account.did,
        rules,
        make: (users) =>
          rules.map((rule): MonitorEvent =>
            reason
              ? { rule_id: rule.id, event: 'profile.unavailable', event_key: `${key}:unavailable`, data: { user: users.get(account.did)!, reason } }
              : { rule_id: rule.id, event: 'profile.available', event_key: `${key}:available`, data: { user: users.get(account.did)! } },
          ),
      });
    }
  }

  // The users the events name, from the AppView; an account it no longer shows by its last known handle.
  for (const did of watched) named.add(did);
  const views = found.length > 0 ? await lookUp([...named].filter((did) => did.startsWith('did:'))) : [];
  const users = new Map<string, EventUser>();
  for (const did of named) {
    const view = views.find((v) => v.did === did);
    const handle = view?.handle ?? stateOf(did).handle ?? did;
    users.set(did, { id: did, username: handle, name: view?.displayName || null, profile_url: `https://bsky.app/profile/${handle}` });
  }
  const monitorEvents = found.flatMap((f) => f.make(users));
  const finalStates = [...states];

  return async (client) => {
    if (inserts.length > 0) {
      await client.query('INSERT INTO bluesky_monitor_follows (author_did, rkey, subject_did) SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING', [
        inserts.map((r) => r[0]),
        inserts.map((r) => r[1]),
        inserts.map((r) => r[2]),
      ]);
    }
    if (removed.length > 0) {
      await client.query('DELETE FROM bluesky_monitor_follows f USING unnest($1::text[], $2::text[]) AS d(author, rkey) WHERE f.author_did = d.author AND f.rkey = d.rkey', [removed.map((r) => r[0]), removed.map((r) => r[1])]);
    }
    for (const [did, state] of finalStates) {
      await client.query(
        `INSERT INTO bluesky_monitor_accounts (did, handle, profile, available) VALUES ($1, $2, $3, $4)
         ON CONFLICT (did) DO UPDATE SET handle = coalesce(excluded.handle, bluesky_monitor_accounts.handle), profile = excluded.profile, available = excluded.available, updated_at = now()`,
        [did, users.get(did)?.username ?? state.handle, JSON.stringify(state.profile), state.available],
      );
    }
    await recordMonitorEvents(client, monitorEvents);
  };
}

import { PROFILE_FIELDS, type EventUser, type ProfileField } from '@/lib/delivery/event-data';
import type { User } from '@/lib/platform/types';
import type { MonitorEvent } from './record-monitor-events';
import { eventUser, type Gone } from './x-monitor-reads';
import type { GraphState, ProfileEntry, ProfileState } from './x-monitor-state';

// A poll's diff against the last poll's state, as monitor events (pure: the source reads X and
// stores). Keys: x:<poll time ms>:<user id>:added|removed (…:following:added|removed for the
// following side of a follows rule), x:<poll time ms>:<user id>:updated|unavailable|available.

/** The ids followed (or following) now and then, in X's order (newest first): who came and who went. */
export function graphChanges(previous: GraphState, now: readonly EventUser[], truncated: boolean): { added: EventUser[]; removed: string[] } {
  const current = new Set(now.map((user) => user.id));
  // Oldest first, so that events of one account keep the order they most likely happened in.
  const added = now.filter((user) => !Object.hasOwn(previous, user.id)).reverse();
  // A list cut at the bound does not say who left beyond it: only a whole list reports removals.
  const removed = truncated ? [] : Object.keys(previous).filter((id) => !current.has(id));
  return { added, removed };
}

/** The state after a poll: the list read, and when it was cut, the accounts last seen beyond the bound. */
export function nextGraphState(previous: GraphState, now: readonly EventUser[], truncated: boolean): GraphState {
  const state: GraphState = truncated ? { ...previous } : {};
  for (const user of now) state[user.id] = [user.username, user.name];
  return state;
}

export const storedUser = (id: string, entry: [string, string | null] | undefined): EventUser | null => (entry ? eventUser(id, entry[0], entry[1]) : null);

/** The compared fields of a user record. */
export function profileFields(user: User): Record<ProfileField, unknown> {
  return Object.fromEntries(PROFILE_FIELDS.map((field) => [field, user[field] ?? null])) as Record<ProfileField, unknown>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The events of one monitored account between its last entry and what X answers now (a record,
 * gone for a reason, or neither: X said nothing about it, which changes nothing), and its next entry.
 */
export function profileChanges(
  ruleId: string,
  pollMs: number,
  id: string,
  previous: ProfileEntry | undefined,
  user: User | undefined,
  gone: Gone | undefined,
): { events: MonitorEvent[]; entry: ProfileEntry | undefined } {
  const key = (what: string) => `x:${pollMs}:${id}:${what}`;
  if (!user && !gone) return { events: [], entry: previous };
  if (!user) {
    const entry: ProfileEntry = previous ? { ...previous, status: gone! } : { user: eventUser(id, id, null), fields: null, status: gone! };
    // The first poll is a baseline; an account already gone for this reason is not gone again.
    if (!previous || previous.status === gone) return { events: [], entry };
    return { events: [{ rule_id: ruleId, event: 'profile.unavailable', event_key: key('unavailable'), data: { user: previous.user, reason: gone! } }], entry };
  }
  const entry: ProfileEntry = { user: eventUser(user.id, user.username, user.name), fields: profileFields(user), status: 'available' };
  if (!previous) return { events: [], entry };
  const events: MonitorEvent[] = [];
  const back = previous.status !== 'available';
  if (back) events.push({ rule_id: ruleId, event: 'profile.available', event_key: key('available'), data: { user: entry.user } });
  const changes = previous.fields ? PROFILE_FIELDS.filter((field) => !same(previous.fields![field], entry.fields![field])).map((field) => ({ field, old: previous.fields![field] ?? null, new: entry.fields![field] ?? null })) : [];
  if (changes.length > 0) events.push({ rule_id: ruleId, event: 'profile.updated', event_key: key('updated'), data: { user: entry.user, changes } });
  // Turning protected hides the account's posts and lists: it is unavailable until it turns back.
  const wasProtected = previous.fields?.protected === true;
  const isProtected = entry.fields!.protected === true;
  if (!back && isProtected && !wasProtected) events.push({ rule_id: ruleId, event: 'profile.unavailable', event_key: key('unavailable'), data: { user: entry.user, reason: 'protected' } });
  if (!back && !isProtected && wasProtected) events.push({ rule_id: ruleId, event: 'profile.available', event_key: key('available'), data: { user: entry.user } });
  return { events, entry };
}

/** Every monitored account's events in the rule's order, and the rule's next state (accounts no longer monitored dropped). */
export function profileDiff(ruleId: string, pollMs: number, ids: readonly string[], previous: ProfileState | null, users: Map<string, User>, gone: Map<string, Gone>): { events: MonitorEvent[]; state: ProfileState } {
  const events: MonitorEvent[] = [];
  const state: ProfileState = {};
  for (const id of ids) {
    const result = profileChanges(ruleId, pollMs, id, previous?.[id], users.get(id), gone.get(id));
    // On a first poll (no previous state) nothing is sent, whatever profileChanges would say.
    if (previous) events.push(...result.events);
    if (result.entry) state[id] = result.entry;
  }
  return { events, state };
}

import { isDeepStrictEqual } from 'node:util';
import { PROFILE_FIELDS, type EventUser, type ProfileField } from '@/lib/delivery/event-data';
import type { MonitorEvent } from './record-monitor-events';
import type { MonitorRuleIndex } from './local-monitor-rules';

/** The profile fields a queue row carries (realtime_profile_fields in migration 20261202090000). */
export type QueuedProfile = { username: string; name: string | null } & Record<ProfileField, unknown>;

/** A row of realtime_monitor_queue: one follow made or undone, or one user's profile changed or deleted (new null). */
export type MonitorQueueRow = {
  id: string;
  change: 'follow.added' | 'follow.removed' | 'profile';
  follower_id: string | null;
  followee_id: string | null;
  user_id: string | null;
  old: QueuedProfile | null;
  new: QueuedProfile | null;
};

/** platform.users as an event names them (id → user); a user deleted since is missing. */
export type UserLookup = Map<string, EventUser>;

/** A user of the embedded platform as an event names it: it has no public page per user. */
export const localUser = (id: string, username: string, name: string | null): EventUser => ({ id, username, name, profile_url: null });

/** The accounts a batch of rows concerns: which monitors and users to load. */
export function accountsOf(rows: readonly MonitorQueueRow[]): string[] {
  const ids = new Set<string>();
  for (const row of rows) for (const id of [row.follower_id, row.followee_id, row.user_id]) if (id !== null) ids.add(id);
  return [...ids];
}

/**
 * The events of a batch of queue rows, in queue order (a monitored account's changes are queued
 * in the order they committed), each keyed by its row (`q:<id>`, plus a suffix for a row's second
 * event) so that a batch replayed after a crash records nothing twice.
 */
export function monitorEvents(rows: readonly MonitorQueueRow[], rules: MonitorRuleIndex, users: UserLookup): MonitorEvent[] {
  // A user deleted before the batch ran: named by the last profile fields seen in the batch, else by id.
  const gone = new Map<string, EventUser>();
  for (const row of rows) if (row.user_id !== null && row.old) gone.set(row.user_id, localUser(row.user_id, row.old.username, row.old.name));
  const named = (id: string, fallbackUsername?: string): EventUser => users.get(id) ?? gone.get(id) ?? localUser(id, fallbackUsername ?? id, null);

  const events: MonitorEvent[] = [];
  for (const row of rows) {
    const key = `q:${row.id}`;
    if (row.change === 'profile') {
      if (row.user_id === null || row.old === null) continue;
      for (const rule of rules.get(row.user_id)?.profile ?? []) events.push(...profileEvents(rule.id, key, row.user_id, row.old, row.new));
      continue;
    }
    if (row.follower_id === null || row.followee_id === null) continue;
    const seen = new Set<string>();
    const sides = [
      { account: row.followee_id, direction: 'followers' as const },
      { account: row.follower_id, direction: 'following' as const },
    ];
    for (const { account, direction } of sides) {
      for (const rule of rules.get(account)?.follows ?? []) {
        if (rule.direction !== direction && rule.direction !== 'both') continue;
        const username = rule.accounts[0];
        const data = {
          monitor: { username, direction },
          follower: named(row.follower_id, direction === 'following' ? username : undefined),
          followed: named(row.followee_id, direction === 'followers' ? username : undefined),
        };
        // Both sides of one rule only for an account following itself.
        events.push({ rule_id: rule.id, event: row.change, event_key: seen.has(rule.id) ? `${key}:${direction}` : key, data });
        seen.add(rule.id);
      }
    }
  }
  return events;
}

/** profile.updated with every compared field that changed; then unavailable/available when protected flipped; unavailable when deleted. */
function profileEvents(ruleId: string, key: string, userId: string, old: QueuedProfile, now: QueuedProfile | null): MonitorEvent[] {
  if (now === null) return [{ rule_id: ruleId, event: 'profile.unavailable', event_key: `${key}:unavailable`, data: { user: localUser(userId, old.username, old.name), reason: 'deleted' } }];
  const who = localUser(userId, now.username, now.name);
  const changes = PROFILE_FIELDS.filter((field) => !isDeepStrictEqual(old[field] ?? null, now[field] ?? null)).map((field) => ({ field, old: old[field] ?? null, new: now[field] ?? null }));
  // A username alone changing is not a profile change (not a compared field): nothing is sent.
  if (changes.length === 0) return [];
  const events: MonitorEvent[] = [{ rule_id: ruleId, event: 'profile.updated', event_key: key, data: { user: who, changes } }];
  if (old.protected !== true && now.protected === true) events.push({ rule_id: ruleId, event: 'profile.unavailable', event_key: `${key}:unavailable`, data: { user: who, reason: 'protected' } });
  if (old.protected === true && now.protected !== true) events.push({ rule_id: ruleId, event: 'profile.available', event_key: `${key}:available`, data: { user: who } });
  return events;
}

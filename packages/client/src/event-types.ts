// The events of GET /v2/events, the stream and webhooks, typed per event name. These mirror the
// server's lib/delivery/event-data.ts (the package carries no server code);
// tests/unit/client-event-types.test.ts fails when the two drift apart.
import type { ExportJob, Tweet } from './generated/api-types';

/** A user as a monitor event names it: enough to show and link it. profile_url is the user's page on its platform (null when unknown). */
export type EventUser = { id: string; username: string; name: string | null; profile_url: string | null };

/** account.balance_low: the balance fell below the alert threshold. */
export type BalanceLowData = { balance: number; threshold: number };

/** budget.threshold: a daily or monthly budget of the workspace or of one key reached `percent`. */
export type BudgetThresholdData = { scope: 'key' | 'workspace'; key_id: string | null; period: 'day' | 'month'; percent: number; budget: number; spent: number; resets_at: string };

/** export.completed / export.failed: the export as GET /v2/exports/{exportId} answers it. */
export type ExportEventData = { export: Pick<ExportJob, 'id' | 'status' | 'operation' | 'items' | 'credits_charged' | 'error'> & Partial<ExportJob> };

/**
 * follow.added / follow.removed (a `follows` monitor): `follower` started or stopped following
 * `followed`. The monitored account (`monitor.username`) is `followed` for direction followers and
 * `follower` for direction following (a monitor of direction both reports each side as one of them).
 */
export type FollowEventData = { monitor: { username: string; direction: 'followers' | 'following' }; follower: EventUser; followed: EventUser };

/** The profile fields whose changes profile.updated reports (counts are not changes). */
export const PROFILE_FIELDS = ['name', 'description', 'location', 'url', 'profile_image_url', 'profile_banner_url', 'verified', 'protected', 'pinned_tweet_ids'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** profile.updated: each changed field with its value before and after (strings, booleans, id lists or null). */
export type ProfileUpdatedData = { user: EventUser; changes: Array<{ field: ProfileField; old: unknown; new: unknown }> };

/** profile.unavailable: the account can no longer be read (suspended, deleted or turned protected). */
export type ProfileUnavailableData = { user: EventUser; reason: 'suspended' | 'deleted' | 'protected' };
/** profile.available: an unavailable account can be read again. */
export type ProfileAvailableData = { user: EventUser };

/** Each event name with its `data` (rule.match has none: it carries its tweet instead). */
export type EventDataOf = {
  'rule.match': null;
  'follow.added': FollowEventData;
  'follow.removed': FollowEventData;
  'profile.updated': ProfileUpdatedData;
  'profile.unavailable': ProfileUnavailableData;
  'profile.available': ProfileAvailableData;
  'account.balance_low': BalanceLowData;
  'budget.threshold': BudgetThresholdData;
  'export.completed': ExportEventData;
  'export.failed': ExportEventData;
};

/** Every event name GET /v2/events lists and the stream sends. */
export const EVENT_TYPES = [
  'rule.match',
  'follow.added',
  'follow.removed',
  'profile.updated',
  'profile.unavailable',
  'profile.available',
  'account.balance_low',
  'budget.threshold',
  'export.completed',
  'export.failed',
] as const satisfies ReadonlyArray<keyof EventDataOf>;
export type EventType = (typeof EVENT_TYPES)[number];

/** The events a rule (or monitor) of the key sends; the others are its workspace's account events, which have no rule. */
export type RuleEventType = 'rule.match' | 'follow.added' | 'follow.removed' | 'profile.updated' | 'profile.unavailable' | 'profile.available';
/** The events of follows and profile monitors. */
export type MonitorEventType = Exclude<RuleEventType, 'rule.match'>;

/**
 * One event, as GET /v2/events lists it and `perch.stream({ events: 'all' })` yields it: a union
 * discriminated by `type`, so `if (event.type === 'follow.added') event.data.follower.username`
 * type-checks. `id` is the event id (ascending; the stream's Last-Event-ID).
 */
export type PerchEvent<T extends EventType = EventType> = {
  [E in T]: {
    id: string;
    type: E;
    /** When the event was stored (a match's matched_at). */
    created_at: string;
    /** The rule (or monitor) whose event it is; null for the workspace's account events. */
    rule: E extends RuleEventType ? { id: string; tag: string } : null;
    /** rule.match: the matched tweet; null for other types. */
    tweet: E extends 'rule.match' ? Tweet : null;
    data: EventDataOf[E];
  };
}[T];

/** Whether a value names an event type this client knows (a newer server may send more). */
export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

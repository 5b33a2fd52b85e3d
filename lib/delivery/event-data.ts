import type { ExportRecord } from '@/lib/exports/export-record';
import type { Tweet } from '@/lib/platform/types';
import { WEBHOOK_EVENTS, type WebhookEvent } from './webhook-payload';

// The `data` of every event that is not a rule match, typed in one place: what the account-level
// events send today and what the account monitors (issue 32: `follows` and `profile` rules) send.
// The Slack, Discord and email targets (lib/delivery/targets) read events through these types; the
// monitor sources write rows whose `data` has exactly these shapes.

/** A user as a monitor event names it: enough to show and link it. profile_url is the user's page on its platform (null when unknown). */
export type EventUser = { id: string; username: string; name: string | null; profile_url: string | null };

/** account.balance_low: the balance (credits leased by running instances counted in) fell below the alert threshold. */
export type BalanceLowData = { balance: number; threshold: number };

/** budget.threshold: a daily or monthly budget of the workspace or of one key reached `percent`. */
export type BudgetThresholdData = { scope: 'key' | 'workspace'; key_id: string | null; period: 'day' | 'month'; percent: number; budget: number; spent: number; resets_at: string };

/** export.completed / export.failed: the export as GET /v2/exports/{exportId} answers it. */
export type ExportEventData = { export: Pick<ExportRecord, 'id' | 'status' | 'operation' | 'items' | 'credits_charged' | 'error'> & Partial<ExportRecord> };

/**
 * follow.added / follow.removed (a `follows` monitor): `follower` started or stopped following
 * `followed`. The monitored account (`monitor.username`) is `followed` for direction followers and
 * `follower` for direction following.
 */
export type FollowEventData = { monitor: { username: string; direction: 'followers' | 'following' }; follower: EventUser; followed: EventUser };

/** The profile fields whose changes profile.updated reports (counts are not changes). */
export const PROFILE_FIELDS = ['name', 'description', 'location', 'url', 'profile_image_url', 'profile_banner_url', 'verified', 'protected', 'pinned_tweet_ids'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** profile.updated: each changed field with its value before and after (strings, booleans, id lists or null). */
export type ProfileUpdatedData = { user: EventUser; changes: Array<{ field: ProfileField; old: unknown; new: unknown }> };

/** profile.unavailable: the account can no longer be read; profile.available: it can again. */
export type ProfileUnavailableData = { user: EventUser; reason: 'suspended' | 'deleted' | 'protected' };
export type ProfileAvailableData = { user: EventUser };

/** The events of the account monitors, beside WEBHOOK_EVENTS. */
export const MONITOR_EVENTS = ['follow.added', 'follow.removed', 'profile.updated', 'profile.unavailable', 'profile.available'] as const;
export type MonitorEventName = (typeof MONITOR_EVENTS)[number];

/** Every event an endpoint can be routed (realtime_endpoints.events); `test` is sent on request to any endpoint, whatever its filter. */
export const ROUTABLE_EVENTS = ['rule.match', ...MONITOR_EVENTS, 'account.balance_low', 'budget.threshold', 'export.completed', 'export.failed'] as const;
export type RoutableEventName = (typeof ROUTABLE_EVENTS)[number];
// Every webhook event but test is routable: adding one to WEBHOOK_EVENTS without listing it here fails to compile.
const EVERY_EVENT_ROUTABLE: Exclude<(typeof WEBHOOK_EVENTS)[number], 'test'> extends RoutableEventName ? true : never = true;
void EVERY_EVENT_ROUTABLE;

/** Each event name with the `data` it carries (null: none; rule.match carries its tweet instead). */
export type EventDataOf = {
  'rule.match': null;
  test: null;
  'account.balance_low': BalanceLowData;
  'budget.threshold': BudgetThresholdData;
  'export.completed': ExportEventData;
  'export.failed': ExportEventData;
  'follow.added': FollowEventData;
  'follow.removed': FollowEventData;
  'profile.updated': ProfileUpdatedData;
  'profile.unavailable': ProfileUnavailableData;
  'profile.available': ProfileAvailableData;
};
export type AnyEventName = keyof EventDataOf;

/** An event as the targets read it: WebhookEvent, with any event name and its typed data. */
export type TypedEvent = { [E in AnyEventName]: Omit<WebhookEvent, 'event' | 'data' | 'tweet'> & { event: E; data: EventDataOf[E]; tweet: E extends 'rule.match' ? Tweet | null : null } }[AnyEventName];

/** Reads a WebhookEvent (as a delivery loads it) as a TypedEvent: the stored rows are written with these shapes. */
export function typedEvent(event: Omit<WebhookEvent, 'event'> & { event: string }): TypedEvent {
  return { ...event, data: event.data ?? null, tweet: event.tweet ?? null } as TypedEvent;
}

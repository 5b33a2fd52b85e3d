import type { FollowEventData, ProfileAvailableData, ProfileField, ProfileUnavailableData, ProfileUpdatedData } from '@/lib/delivery/event-data';
import type { TimelineEvent } from './monitor-timeline';

// A stored event as one readable sentence for the monitor timeline ("@alice followed @brand",
// "@brand changed name: Old → New"). The rows are written in the shapes of event-data.ts; a
// row that is not (an older or foreign shape) still gets a line, never an exception.

const FIELD_NAMES: Record<ProfileField, string> = {
  name: 'name',
  description: 'bio',
  location: 'location',
  url: 'website',
  profile_image_url: 'profile image',
  profile_banner_url: 'banner',
  verified: 'verified',
  protected: 'protected',
  pinned_tweet_ids: 'pinned tweet',
};

const UNAVAILABLE: Record<ProfileUnavailableData['reason'], string> = { suspended: 'was suspended', deleted: 'was deleted', protected: 'turned protected: its profile can no longer be read' };

function handle(user: { username?: string } | undefined): string {
  return user?.username ? `@${user.username}` : 'an account';
}

/** A field's value as text: empty is shown as such, lists joined, booleans as yes/no. */
export function fieldValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.join(', ');
  return String(value);
}

/** The lines of one event: one for most, one per changed field for profile.updated. */
export function monitorEventLines(event: Pick<TimelineEvent, 'event' | 'data' | 'tweet'>): string[] {
  const data = (event.data ?? {}) as Record<string, unknown>;
  switch (event.event) {
    case 'follow.added':
    case 'follow.removed': {
      const { follower, followed } = data as Partial<FollowEventData>;
      return [`${handle(follower)} ${event.event === 'follow.added' ? 'followed' : 'unfollowed'} ${handle(followed)}`];
    }
    case 'profile.updated': {
      const { user, changes } = data as Partial<ProfileUpdatedData>;
      if (!changes || changes.length === 0) return [`${handle(user)} changed its profile`];
      return changes.map((change) => `${handle(user)} changed ${FIELD_NAMES[change.field] ?? change.field}: ${fieldValue(change.old)} → ${fieldValue(change.new)}`);
    }
    case 'profile.unavailable': {
      const { user, reason } = data as Partial<ProfileUnavailableData>;
      return [`${handle(user)} ${(reason && UNAVAILABLE[reason]) ?? 'became unavailable'}`];
    }
    case 'profile.available':
      return [`${handle((data as Partial<ProfileAvailableData>).user)} is available again`];
    case 'rule.match':
      return [event.tweet ? `@${event.tweet.author}: ${event.tweet.text}` : 'a matching tweet'];
    default:
      return [event.event];
  }
}

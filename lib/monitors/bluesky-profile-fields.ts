import type { ProfileField } from '@/lib/delivery/event-data';
import { idOfUri } from '@/lib/platform/bluesky/map-records';

// An app.bsky.actor.profile record as the compared fields of profile.updated (PROFILE_FIELDS of
// lib/delivery/event-data.ts). Only what the record holds is compared: Bluesky has no location and
// no protected accounts, and its verification is the AppView's, not the record's. Images are named
// by their blob: the URL is the one Bluesky's CDN serves for it, so a new image is a new URL.

/** The compared fields of one profile record (a missing record: every field null or empty). */
export type BlueskyProfileFields = Partial<Record<ProfileField, string | string[] | null>>;

/** The fields a Bluesky profile record can change. */
export const BLUESKY_PROFILE_FIELDS = ['name', 'description', 'url', 'profile_image_url', 'profile_banner_url', 'pinned_tweet_ids'] as const satisfies readonly ProfileField[];

const CDN = 'https://cdn.bsky.app/img';

/** The CID of a blob as Jetstream (JSON: ref.$link), the firehose (a BlobRef whose ref is a CID) or an old record (cid) writes it. */
function blobCid(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const blob = value as { ref?: unknown; cid?: unknown };
  if (typeof blob.cid === 'string') return blob.cid;
  const ref = blob.ref as { $link?: unknown; toString?: () => string } | undefined;
  if (ref && typeof ref.$link === 'string') return ref.$link;
  if (ref && typeof ref === 'object' && typeof ref.toString === 'function' && ref.toString !== Object.prototype.toString) return ref.toString();
  return null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The compared fields of `did`'s profile record (null: it has none). */
export function profileFieldsOf(did: string, record: Record<string, unknown> | null): BlueskyProfileFields {
  const avatar = blobCid(record?.avatar);
  const banner = blobCid(record?.banner);
  const pinned = record?.pinnedPost as { uri?: unknown } | undefined;
  return {
    name: text(record?.displayName),
    description: text(record?.description),
    url: text(record?.website),
    profile_image_url: avatar ? `${CDN}/avatar/plain/${did}/${avatar}@jpeg` : null,
    profile_banner_url: banner ? `${CDN}/banner/plain/${did}/${banner}@jpeg` : null,
    pinned_tweet_ids: typeof pinned?.uri === 'string' ? [idOfUri(pinned.uri)] : [],
  };
}

/** Each compared field whose value differs, with its old and new value, in PROFILE_FIELDS order. */
export function profileChanges(old: BlueskyProfileFields, next: BlueskyProfileFields): Array<{ field: ProfileField; old: unknown; new: unknown }> {
  return BLUESKY_PROFILE_FIELDS.filter((field) => JSON.stringify(old[field] ?? null) !== JSON.stringify(next[field] ?? null)).map((field) => ({
    field,
    old: old[field] ?? null,
    new: next[field] ?? null,
  }));
}

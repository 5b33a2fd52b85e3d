import type { PostReadOptions, UserReadOptions } from './x-types';

// The fields and expansions every X read asks for: what Perch's Tweet and User records need
// (contract section 5) and nothing more. Each list is typed by X's official SDK, whose types are
// generated from X's published OpenAPI description, so asking for a value X does not list (the
// old `tweet.fields`, `pinned_tweet_id`, `referenced_tweets.id`) fails the type check.

type Values<T> = T extends Array<infer V> | undefined ? V : never;

const USER_FIELDS = [
  'created_at',
  'description',
  'location',
  'name',
  'profile_banner_url',
  'profile_image_url',
  'protected',
  'public_metrics',
  'url',
  'username',
  'verified',
  'verified_type',
] as const satisfies ReadonlyArray<Values<UserReadOptions['userFields']>>;

// author_id, in_reply_to_user_id and referenced_posts are not post fields in X's description:
// their expansions below make X put them on each post.
const POST_FIELDS = [
  'attachments',
  'community_id',
  'conversation_id',
  'created_at',
  'entities',
  'lang',
  'note_post',
  'possibly_sensitive',
  'public_metrics',
  'text',
] as const satisfies ReadonlyArray<Values<PostReadOptions['postFields']>>;

const MEDIA_FIELDS = ['alt_text', 'duration_ms', 'height', 'media_key', 'preview_image_url', 'type', 'url', 'variants', 'width'] as const satisfies ReadonlyArray<
  Values<PostReadOptions['mediaFields']>
>;

const POST_EXPANSIONS = ['author_id', 'attachments.media_keys', 'entities.mentions.username', 'in_reply_to_user_id', 'referenced_posts'] as const satisfies ReadonlyArray<
  Values<PostReadOptions['expansions']>
>;

/** The pinned post's id comes with this expansion (X no longer lists pinned_tweet_id as a user field). */
const USER_EXPANSIONS = ['pinned_post_id'] as const satisfies ReadonlyArray<Values<UserReadOptions['expansions']>>;

/** Options of a read answering posts. */
export function postFields() {
  return { postFields: [...POST_FIELDS], userFields: [...USER_FIELDS], mediaFields: [...MEDIA_FIELDS], expansions: [...POST_EXPANSIONS] };
}

/** Options of a read answering users. */
export function userFields() {
  return { userFields: [...USER_FIELDS], expansions: [...USER_EXPANSIONS] };
}

/** The lists as X sees them on the wire, for docs/platforms/x.md and tests. */
export const X_FIELDS = { 'user.fields': USER_FIELDS, 'post.fields': POST_FIELDS, 'media.fields': MEDIA_FIELDS, expansions: { posts: POST_EXPANSIONS, users: USER_EXPANSIONS } } as const;

import { z } from 'zod';

// The contract's records (section 5), the one source for validation, OpenAPI and SDK types.

// Ids are opaque, URL-safe strings in the serving platform's syntax (lib/platform/syntax.ts):
// decimal snowflakes on the embedded platform and X, DIDs and <DID>~<record key> on Bluesky.
const id = z
  .string()
  .regex(/^[A-Za-z0-9._:~%-]{1,2400}$/)
  .describe('An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky');
const time = z.string().describe('ISO-8601 UTC time');
const verifiedType = z.enum(['none', 'blue', 'business', 'government']);

const displayName = z.string().nullable().describe('The display name; null where the account has none (Bluesky)');

// Unknown values are null, never 0: X leaves a count out when it does not have it, and
// inventing 0 would tell the caller something false (and sort the record as if it were known).
const userCount = z
  .number()
  .int()
  .nullable()
  .describe('null where the platform does not give it (X, when its answer lacks the count)');

/** A user as a platform reads it; the API adds `viewer` (UserWithViewerSchema). */
export const UserSchema = z
  .object({
    id,
    username: z.string(),
    name: displayName,
    description: z.string().nullable(),
    location: z.string().nullable(),
    url: z.string().nullable(),
    profile_image_url: z.string().nullable(),
    profile_banner_url: z.string().nullable(),
    created_at: time.nullable().describe('ISO-8601 UTC time; null where the platform does not say'),
    followers_count: userCount,
    following_count: userCount,
    tweet_count: userCount,
    like_count: z.number().int().nullable().describe('null where the platform does not count it (Bluesky)'),
    media_count: z.number().int().nullable().describe('null where the platform does not count it (Bluesky)'),
    listed_count: z.number().int().nullable().describe('null where the platform does not count it (Bluesky)'),
    verified: z.boolean(),
    is_blue_verified: z.boolean(),
    verified_type: verifiedType,
    protected: z.boolean(),
    pinned_tweet_ids: z.array(id),
  });

export const UserSummarySchema = z
  .object({
    id,
    username: z.string(),
    name: displayName,
    profile_image_url: z.string().nullable(),
    is_blue_verified: z.boolean(),
    verified_type: verifiedType,
    followers_count: z.number().int().nullable().describe('null where the platform does not give it with a post (Bluesky)'),
  })
  .meta({ id: 'UserSummary' });

const span = { start: z.number().int(), end: z.number().int() };

export const EntitiesSchema = z
  .object({
    hashtags: z.array(z.object({ tag: z.string(), ...span })),
    mentions: z.array(z.object({ id, username: z.string(), ...span })),
    urls: z.array(z.object({ url: z.string(), expanded_url: z.string(), display_url: z.string(), ...span })),
    cashtags: z.array(z.object({ tag: z.string(), ...span })),
  })
  .meta({ id: 'Entities' });

export const MediaSchema = z
  .object({
    type: z.enum(['photo', 'video', 'animated_gif']),
    url: z.string(),
    preview_url: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    duration_ms: z.number().int().nullable(),
    alt_text: z.string().nullable(),
  })
  .meta({ id: 'Media' });

// As userCount, for a post's public metrics.
const tweetCount = z
  .number()
  .int()
  .nullable()
  .describe('null where the platform does not give it (X, when its answer lacks the count)');

const tweetFields = {
  id,
  url: z.string(),
  text: z.string(),
  created_at: time,
  lang: z.string().nullable(),
  author: UserSummarySchema,
  author_id: id,
  conversation_id: id,
  in_reply_to: z.object({ tweet_id: id, user_id: id.nullable(), username: z.string().nullable() }).nullable(),
  is_reply: z.boolean(),
  is_retweet: z.boolean(),
  is_quote: z.boolean(),
  like_count: tweetCount,
  retweet_count: tweetCount,
  reply_count: tweetCount,
  quote_count: tweetCount,
  bookmark_count: tweetCount,
  view_count: z.number().int().nullable(),
  entities: EntitiesSchema,
  media: z.array(MediaSchema),
  possibly_sensitive: z.boolean(),
  community_id: id.nullable(),
};

/** A quoted or retweeted tweet as a platform reads it: one level deep, so its own references are null. */
export const EmbeddedTweetSchema = z.object({ ...tweetFields, quoted_tweet: z.null(), retweeted_tweet: z.null() });

/** A tweet as a platform reads it; the API adds `viewer` (TweetWithViewerSchema). */
export const TweetSchema = z.object({ ...tweetFields, quoted_tweet: EmbeddedTweetSchema.nullable(), retweeted_tweet: EmbeddedTweetSchema.nullable() });

// What the caller's connected platform account has done with a record, so that a client shows
// the real state of its Like, Retweet and Follow buttons. Null when the caller has no connected
// account (or the data source cannot tell).

export const TweetViewerSchema = z
  .object({ liked: z.boolean(), retweeted: z.boolean() })
  .meta({ id: 'TweetViewer', description: 'Whether the caller’s connected account liked and retweeted this tweet' });

export const UserViewerSchema = z
  .object({ following: z.boolean(), followed_by: z.boolean() })
  .meta({ id: 'UserViewer', description: 'Whether the caller’s connected account follows this user, and is followed by it' });

const tweetViewer = TweetViewerSchema.nullable().describe('The connected account’s relationship to this tweet; null without a connected account');
const userViewer = UserViewerSchema.nullable().describe(
  'The connected account’s relationship to this user (both false for the account itself); null without a connected account',
);

/** The contract's EmbeddedTweet, as the API answers it. */
export const EmbeddedTweetWithViewerSchema = z
  .object({ ...tweetFields, quoted_tweet: z.null(), retweeted_tweet: z.null(), viewer: tweetViewer })
  .meta({ id: 'EmbeddedTweet' });

/** The contract's Tweet, as the API answers it. */
export const TweetWithViewerSchema = z
  .object({ ...tweetFields, quoted_tweet: EmbeddedTweetWithViewerSchema.nullable(), retweeted_tweet: EmbeddedTweetWithViewerSchema.nullable(), viewer: tweetViewer })
  .meta({ id: 'Tweet' });

/** The contract's User, as the API answers it. */
export const UserWithViewerSchema = UserSchema.extend({ viewer: userViewer }).meta({ id: 'User' });

export const CommunitySchema = z
  .object({
    id,
    name: z.string(),
    description: z.string().nullable(),
    member_count: z.number().int(),
    created_at: time,
    creator: UserSummarySchema,
    rules: z.array(z.string()),
  })
  .meta({ id: 'Community' });

export const TrendSchema = z
  .object({
    rank: z.number().int(),
    name: z.string(),
    query: z.string(),
    tweet_count: z.number().int().nullable().describe('null where the platform does not count it (X, when its trend lacks tweet_count)'),
  })
  .meta({ id: 'Trend' });

export type UserRecord = z.infer<typeof UserWithViewerSchema>;
export type UserSummaryRecord = z.infer<typeof UserSummarySchema>;
export type TweetRecord = z.infer<typeof TweetWithViewerSchema>;
export type TweetViewer = z.infer<typeof TweetViewerSchema>;
export type UserViewer = z.infer<typeof UserViewerSchema>;
export type CommunityRecord = z.infer<typeof CommunitySchema>;
export type TrendRecord = z.infer<typeof TrendSchema>;

// The fields and expansions every X read asks for: what Perch's Tweet and User records need
// (contract section 5) and nothing more, so that one answer fills a whole page of records.

export const USER_FIELDS = [
  'created_at',
  'description',
  'location',
  'name',
  'pinned_tweet_id',
  'profile_banner_url',
  'profile_image_url',
  'protected',
  'public_metrics',
  'url',
  'username',
  'verified',
  'verified_type',
].join(',');

const TWEET_FIELDS = [
  'attachments',
  'author_id',
  'community_id',
  'conversation_id',
  'created_at',
  'entities',
  'in_reply_to_user_id',
  'lang',
  'note_tweet',
  'possibly_sensitive',
  'public_metrics',
  'referenced_tweets',
].join(',');

const MEDIA_FIELDS = ['alt_text', 'duration_ms', 'height', 'preview_image_url', 'type', 'url', 'variants', 'width'].join(',');

const EXPANSIONS = ['author_id', 'attachments.media_keys', 'entities.mentions.username', 'in_reply_to_user_id', 'referenced_tweets.id', 'referenced_tweets.id.author_id'].join(',');

/** Query parameters of a read answering tweets. */
export const TWEET_QUERY = { 'tweet.fields': TWEET_FIELDS, 'user.fields': USER_FIELDS, 'media.fields': MEDIA_FIELDS, expansions: EXPANSIONS } as const;

/** Query parameters of a read answering users. */
export const USER_QUERY = { 'user.fields': USER_FIELDS } as const;

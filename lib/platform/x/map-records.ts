import type { EmbeddedTweet, Tweet, TweetEntities, TweetMedia, User, UserSummary, VerifiedType } from '../types';
import type { XIncludes, XMedia, XTweet, XUser } from './x-types';

// X API v2's users and tweets (with their answer's includes) as Perch's records. What X gives is
// filled; what it leaves out is null, never made up.

const VERIFIED_TYPES: readonly VerifiedType[] = ['none', 'blue', 'business', 'government'];

function text(value: string | undefined): string | null {
  return value ? value : null;
}

function verifiedType(user: XUser): VerifiedType {
  const type = user.verified_type as VerifiedType | undefined;
  if (type && VERIFIED_TYPES.includes(type)) return type;
  return user.verified ? 'blue' : 'none';
}

function count(value: number | undefined): number | null {
  return typeof value === 'number' ? value : null;
}

/** A full User record. */
export function mapUser(user: XUser): User {
  const metrics = user.public_metrics ?? {};
  const type = verifiedType(user);
  return {
    id: user.id,
    username: user.username,
    name: text(user.name),
    description: text(user.description),
    location: text(user.location),
    url: text(user.url),
    profile_image_url: text(user.profile_image_url),
    profile_banner_url: text(user.profile_banner_url),
    created_at: user.created_at ? new Date(user.created_at).toISOString() : null,
    followers_count: metrics.followers_count ?? 0,
    following_count: metrics.following_count ?? 0,
    tweet_count: metrics.tweet_count ?? 0,
    like_count: count(metrics.like_count),
    media_count: count(metrics.media_count),
    listed_count: count(metrics.listed_count),
    verified: Boolean(user.verified) || type !== 'none',
    is_blue_verified: type === 'blue',
    verified_type: type,
    protected: Boolean(user.protected),
    pinned_tweet_ids: user.pinned_tweet_id ? [user.pinned_tweet_id] : [],
  };
}

function summary(user: XUser): UserSummary {
  const { id, username, name, profile_image_url, is_blue_verified, verified_type } = mapUser(user);
  return { id, username, name, profile_image_url, is_blue_verified, verified_type, followers_count: count(user.public_metrics?.followers_count) };
}

/** Lookups into one answer's includes. */
export type Included = { users: Map<string, XUser>; usernames: Map<string, XUser>; tweets: Map<string, XTweet>; media: Map<string, XMedia> };

/** Indexes an answer's includes (and the page's own tweets, which a retweet on the same page may reference). */
export function indexIncludes(includes: XIncludes | undefined, pageTweets: readonly XTweet[] = []): Included {
  const users = includes?.users ?? [];
  return {
    users: new Map(users.map((user) => [user.id, user])),
    usernames: new Map(users.map((user) => [user.username.toLowerCase(), user])),
    tweets: new Map([...pageTweets, ...(includes?.tweets ?? [])].map((tweet) => [tweet.id, tweet])),
    media: new Map((includes?.media ?? []).map((media) => [media.media_key, media])),
  };
}

function mapMedia(media: XMedia): TweetMedia | null {
  const type = media.type === 'video' || media.type === 'animated_gif' ? media.type : media.type === 'photo' ? 'photo' : null;
  if (!type) return null;
  const video = (media.variants ?? []).filter((variant) => variant.content_type === 'video/mp4').sort((a, b) => (b.bit_rate ?? 0) - (a.bit_rate ?? 0))[0];
  const url = media.url ?? video?.url ?? media.preview_image_url;
  if (!url) return null;
  return {
    type,
    url,
    preview_url: media.preview_image_url ?? (type === 'photo' ? media.url ?? null : null),
    width: media.width ?? null,
    height: media.height ?? null,
    duration_ms: media.duration_ms ?? null,
    alt_text: text(media.alt_text),
  };
}

function entities(tweet: XTweet, included: Included): TweetEntities {
  const source = tweet.entities ?? {};
  return {
    hashtags: (source.hashtags ?? []).map(({ tag, start, end }) => ({ tag, start, end })),
    cashtags: (source.cashtags ?? []).map(({ tag, start, end }) => ({ tag, start, end })),
    // A mention X could not resolve to an account has no id to give: it is left out.
    mentions: (source.mentions ?? []).flatMap(({ username, id, start, end }) => {
      const userId = id ?? included.usernames.get(username.toLowerCase())?.id;
      return userId ? [{ id: userId, username, start, end }] : [];
    }),
    urls: (source.urls ?? []).map(({ url, expanded_url, display_url, start, end }) => ({ url, expanded_url: expanded_url ?? url, display_url: display_url ?? url, start, end })),
  };
}

function referenced(tweet: XTweet, type: 'replied_to' | 'quoted' | 'retweeted'): string | null {
  return tweet.referenced_tweets?.find((reference) => reference.type === type)?.id ?? null;
}

function fields(tweet: XTweet, author: XUser, included: Included): Omit<Tweet, 'quoted_tweet' | 'retweeted_tweet'> {
  const metrics = tweet.public_metrics ?? {};
  const repliedTo = referenced(tweet, 'replied_to');
  const replyUserId = tweet.in_reply_to_user_id ?? null;
  return {
    id: tweet.id,
    url: `https://x.com/${author.username}/status/${tweet.id}`,
    text: tweet.note_tweet?.text || tweet.text,
    created_at: new Date(tweet.created_at!).toISOString(),
    lang: text(tweet.lang),
    author: summary(author),
    author_id: author.id,
    conversation_id: tweet.conversation_id ?? tweet.id,
    in_reply_to: repliedTo ? { tweet_id: repliedTo, user_id: replyUserId, username: replyUserId ? (included.users.get(replyUserId)?.username ?? null) : null } : null,
    is_reply: repliedTo !== null,
    is_retweet: referenced(tweet, 'retweeted') !== null,
    is_quote: referenced(tweet, 'quoted') !== null,
    like_count: metrics.like_count ?? 0,
    retweet_count: metrics.retweet_count ?? 0,
    reply_count: metrics.reply_count ?? 0,
    quote_count: metrics.quote_count ?? 0,
    bookmark_count: metrics.bookmark_count ?? 0,
    view_count: count(metrics.impression_count),
    entities: entities(tweet, included),
    media: (tweet.attachments?.media_keys ?? []).flatMap((key) => {
      const media = included.media.get(key);
      const mapped = media ? mapMedia(media) : null;
      return mapped ? [mapped] : [];
    }),
    possibly_sensitive: Boolean(tweet.possibly_sensitive),
    community_id: tweet.community_id ?? null,
  };
}

function embedded(id: string | null, included: Included): EmbeddedTweet | null {
  const tweet = id ? included.tweets.get(id) : undefined;
  const author = tweet?.author_id ? included.users.get(tweet.author_id) : undefined;
  if (!tweet?.created_at || !author) return null; // deleted, withheld or not expanded: X did not give it
  return { ...fields(tweet, author, included), quoted_tweet: null, retweeted_tweet: null };
}

/** A Tweet record, or null when X's answer lacks its author or time (fields.ts asks for both, so X withheld them). */
export function mapTweet(tweet: XTweet, included: Included): Tweet | null {
  const author = tweet.author_id ? included.users.get(tweet.author_id) : undefined;
  if (!author || !tweet.created_at) return null;
  return { ...fields(tweet, author, included), quoted_tweet: embedded(referenced(tweet, 'quoted'), included), retweeted_tweet: embedded(referenced(tweet, 'retweeted'), included) };
}

/** The Tweet records of one answer, in its order. */
export function mapTweets(tweets: readonly XTweet[] | undefined, includes: XIncludes | undefined): Tweet[] {
  const included = indexIncludes(includes, tweets ?? []);
  return (tweets ?? []).flatMap((tweet) => {
    const mapped = mapTweet(tweet, included);
    return mapped ? [mapped] : [];
  });
}

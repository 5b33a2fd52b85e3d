import type { EmbeddedTweet, Trend, Tweet, TweetEntities, TweetMedia, User, UserSummary, VerifiedType } from '../types';
import { isXId, isXUsername, leaveOut, xCount, xTime } from './trusted';
import type { XIncludes, XMedia, XPost, XTrend, XUser } from './x-types';

// X's users and posts (camelCase, as X's official SDK reads them, with their answer's includes)
// as Perch's records. What X gives is filled; what it leaves out is null, never made up; a
// record X gives in a shape Perch cannot trust is left out (trusted.ts).

const VERIFIED_TYPES: readonly VerifiedType[] = ['none', 'blue', 'business', 'government'];

function text(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}

function verifiedType(user: XUser): VerifiedType {
  const type = user.verifiedType as VerifiedType | undefined;
  if (type && VERIFIED_TYPES.includes(type)) return type;
  return user.verified ? 'blue' : 'none';
}

/** Counts by name, or undefined when one of them is not a count at all. */
function counts<K extends string>(source: Partial<Record<K, unknown>> | undefined, names: readonly K[]): Record<K, number | null> | undefined {
  const out = {} as Record<K, number | null>;
  for (const name of names) {
    const value = xCount(source?.[name]);
    if (value === undefined) return undefined;
    out[name] = value;
  }
  return out;
}

const USER_COUNTS = ['followersCount', 'followingCount', 'postCount', 'likeCount', 'mediaCount', 'listedCount'] as const;

/** A full User record, or null (and logged) when X's user breaks X's own syntax. */
export function mapUser(user: XUser): User | null {
  if (!isXId(user.id)) return leaveOut('user', 'an id that is not an X id');
  if (!isXUsername(user.username)) return leaveOut('user', 'a username that is not an X username');
  const metrics = counts(user.publicMetrics, USER_COUNTS);
  if (!metrics) return leaveOut('user', 'a count that is negative or not a whole number');
  const type = verifiedType(user);
  return {
    id: user.id,
    username: user.username,
    name: text(user.name),
    description: text(user.description),
    location: text(user.location),
    url: text(user.url),
    profile_image_url: text(user.profileImageUrl),
    profile_banner_url: text(user.profileBannerUrl),
    created_at: xTime(user.createdAt),
    followers_count: metrics.followersCount,
    following_count: metrics.followingCount,
    tweet_count: metrics.postCount,
    like_count: metrics.likeCount,
    media_count: metrics.mediaCount,
    listed_count: metrics.listedCount,
    verified: Boolean(user.verified) || type !== 'none',
    is_blue_verified: type === 'blue',
    verified_type: type,
    protected: Boolean(user.protected),
    pinned_tweet_ids: isXId(user.pinnedPostId) ? [user.pinnedPostId] : [],
  };
}

/** The User records of a list, in its order, without the ones left out. */
export function mapUsers(users: readonly XUser[] | undefined): User[] {
  return (users ?? []).flatMap((user) => {
    const mapped = mapUser(user);
    return mapped ? [mapped] : [];
  });
}

function summary(user: User): UserSummary {
  const { id, username, name, profile_image_url, is_blue_verified, verified_type, followers_count } = user;
  return { id, username, name, profile_image_url, is_blue_verified, verified_type, followers_count };
}

/** Lookups into one answer's includes: authors as records, posts and media as X gave them. */
export type Included = { users: Map<string, User>; usernames: Map<string, User>; posts: Map<string, XPost>; media: Map<string, XMedia> };

/** Indexes an answer's includes (and the page's own posts, which a retweet on the same page may reference). */
export function indexIncludes(includes: XIncludes | undefined, pagePosts: readonly XPost[] = []): Included {
  const users = mapUsers(includes?.users);
  const posts = [...pagePosts, ...(includes?.posts ?? [])].filter((post) => isXId(post.id));
  return {
    users: new Map(users.map((user) => [user.id, user])),
    usernames: new Map(users.map((user) => [user.username.toLowerCase(), user])),
    posts: new Map(posts.map((post) => [post.id!, post])),
    media: new Map((includes?.media ?? []).flatMap((media) => (media.mediaKey ? [[media.mediaKey, media] as const] : []))),
  };
}

function mapMedia(media: XMedia): TweetMedia | null {
  const type = media.type === 'video' || media.type === 'animated_gif' ? media.type : media.type === 'photo' ? 'photo' : null;
  if (!type) return null;
  const video = (media.variants ?? []).filter((variant) => variant.contentType === 'video/mp4' && variant.url).sort((a, b) => (b.bitRate ?? 0) - (a.bitRate ?? 0))[0];
  const url = text(media.url) ?? text(video?.url) ?? text(media.previewImageUrl);
  if (!url) return null;
  const size = (value: unknown) => (xCount(value) ?? null);
  return {
    type,
    url,
    preview_url: text(media.previewImageUrl) ?? (type === 'photo' ? text(media.url) : null),
    width: size(media.width),
    height: size(media.height),
    duration_ms: size(media.durationMs),
    alt_text: text(media.altText),
  };
}

type Span = { start: number; end: number };

function spanned<T extends Partial<Span>>(items: readonly T[] | null | undefined): Array<T & Span> {
  return (items ?? []).filter((item): item is T & Span => Number.isSafeInteger(item.start) && Number.isSafeInteger(item.end) && item.start! >= 0 && item.end! >= item.start!);
}

/** The entities of the text shown: a long post's note_post has its own, with offsets into its text. */
function entities(post: XPost, included: Included): TweetEntities {
  const source = (post.notePost?.text ? post.notePost.entities : post.entities) ?? {};
  return {
    hashtags: spanned(source.hashtags).flatMap(({ tag, start, end }) => (text(tag) ? [{ tag, start, end }] : [])),
    cashtags: spanned(source.cashtags).flatMap(({ tag, start, end }) => (text(tag) ? [{ tag, start, end }] : [])),
    // A mention X could not resolve to an account has no id to give: it is left out.
    mentions: spanned(source.mentions).flatMap(({ username, id, start, end }) => {
      if (!isXUsername(username)) return [];
      const userId = isXId(id) ? id : included.usernames.get(username.toLowerCase())?.id;
      return userId ? [{ id: userId, username, start, end }] : [];
    }),
    urls: spanned(source.urls).flatMap(({ url, expandedUrl, displayUrl, start, end }) => {
      const link = text(url);
      return link ? [{ url: link, expanded_url: text(expandedUrl) ?? link, display_url: text(displayUrl) ?? link, start, end }] : [];
    }),
  };
}

function referenced(post: XPost, type: 'replied_to' | 'quoted' | 'retweeted'): string | null {
  const id = post.referencedPosts?.find((reference) => reference.type === type)?.id;
  return isXId(id) ? id : null;
}

const POST_COUNTS = ['likeCount', 'repostCount', 'replyCount', 'quoteCount', 'bookmarkCount', 'impressionCount'] as const;

function fields(post: XPost, included: Included): Omit<Tweet, 'quoted_tweet' | 'retweeted_tweet'> | null {
  if (!isXId(post.id)) return leaveOut('post', 'an id that is not an X id');
  const author = isXId(post.authorId) ? included.users.get(post.authorId) : undefined;
  if (!author) return leaveOut('post', 'no author (or one Perch cannot trust) among its includes');
  const createdAt = xTime(post.createdAt);
  if (!createdAt) return leaveOut('post', 'no creation time');
  const body = text(post.notePost?.text) ?? (typeof post.text === 'string' ? post.text : null);
  if (body === null) return leaveOut('post', 'no text');
  const metrics = counts(post.publicMetrics, POST_COUNTS);
  if (!metrics) return leaveOut('post', 'a count that is negative or not a whole number');
  const repliedTo = referenced(post, 'replied_to');
  const replyUserId = isXId(post.inReplyToUserId) ? post.inReplyToUserId : null;
  return {
    id: post.id,
    url: `https://x.com/${author.username}/status/${post.id}`,
    text: body,
    created_at: createdAt,
    lang: text(post.lang),
    author: summary(author),
    author_id: author.id,
    conversation_id: isXId(post.conversationId) ? post.conversationId : post.id,
    in_reply_to: repliedTo ? { tweet_id: repliedTo, user_id: replyUserId, username: replyUserId ? (included.users.get(replyUserId)?.username ?? null) : null } : null,
    is_reply: repliedTo !== null,
    is_retweet: referenced(post, 'retweeted') !== null,
    is_quote: referenced(post, 'quoted') !== null,
    like_count: metrics.likeCount,
    retweet_count: metrics.repostCount,
    reply_count: metrics.replyCount,
    quote_count: metrics.quoteCount,
    bookmark_count: metrics.bookmarkCount,
    view_count: metrics.impressionCount,
    entities: entities(post, included),
    media: (post.attachments?.mediaKeys ?? []).flatMap((key) => {
      const media = included.media.get(key);
      const mapped = media ? mapMedia(media) : null;
      return mapped ? [mapped] : [];
    }),
    possibly_sensitive: Boolean(post.possiblySensitive),
    community_id: isXId(post.communityId) ? post.communityId : null,
  };
}

function embedded(id: string | null, included: Included): EmbeddedTweet | null {
  const post = id ? included.posts.get(id) : undefined;
  if (!post) return null; // deleted, withheld or not expanded: X did not give it
  const mapped = fields(post, included);
  return mapped ? { ...mapped, quoted_tweet: null, retweeted_tweet: null } : null;
}

/** A Tweet record, or null when X's post lacks what the record needs (or breaks X's syntax). */
export function mapTweet(post: XPost, included: Included): Tweet | null {
  const mapped = fields(post, included);
  if (!mapped) return null;
  return { ...mapped, quoted_tweet: embedded(referenced(post, 'quoted'), included), retweeted_tweet: embedded(referenced(post, 'retweeted'), included) };
}

/** The Tweet records of one answer, in its order, without the posts left out. */
export function mapTweets(posts: readonly XPost[] | undefined, includes: XIncludes | undefined): Tweet[] {
  const included = indexIncludes(includes, posts ?? []);
  return (posts ?? []).flatMap((post) => {
    const mapped = mapTweet(post, included);
    return mapped ? [mapped] : [];
  });
}

/** The first `count` trends X named, ranked in X's order; a trend without a name or with a count that is not one is left out. */
export function mapTrends(trends: readonly XTrend[] | undefined, count: number): Trend[] {
  const mapped: Trend[] = [];
  for (const trend of trends ?? []) {
    if (mapped.length === count) break;
    const name = text(trend.trendName)?.trim();
    const tweets = xCount(trend.tweetCount);
    if (!name) leaveOut('trend', 'no name');
    else if (tweets === undefined) leaveOut('trend', 'a count that is negative or not a whole number');
    else mapped.push({ rank: mapped.length + 1, name, query: name, tweet_count: tweets });
  }
  return mapped;
}

import type { EmbeddedTweet, Tweet, TweetEntities, TweetMedia, User, UserSummary } from '../types';
import { recordId } from './syntax';

// Bluesky's views (app.bsky.actor.defs, app.bsky.feed.defs, app.bsky.embed.*) as Perch's
// records. Every field Bluesky provides is filled; what it lacks is null (like, media and list
// counts of a profile, a post's views, a post author's follower count), never made up.

type Verification = { verifiedStatus?: string; trustedVerifierStatus?: string };

/** app.bsky.actor.defs#profileViewBasic / #profileView / #profileViewDetailed, the fields Perch reads. */
export type ProfileView = {
  did: string;
  handle: string;
  displayName?: string;
  description?: string;
  avatar?: string;
  banner?: string;
  createdAt?: string;
  followersCount?: number;
  followsCount?: number;
  postsCount?: number;
  pinnedPost?: { uri: string };
  verification?: Verification;
  labels?: Array<{ val: string }>;
};

type Facet = { index: { byteStart: number; byteEnd: number }; features: Array<{ $type?: string; did?: string; uri?: string; tag?: string }> };

/** app.bsky.feed.post, the record. */
export type PostRecord = {
  text?: string;
  createdAt?: string;
  langs?: string[];
  facets?: Facet[];
  reply?: { root: { uri: string }; parent: { uri: string } };
  embed?: { $type?: string };
};

type ImageView = { thumb: string; fullsize: string; alt?: string; aspectRatio?: { width: number; height: number } };

/** app.bsky.embed.*#view as attached to a post view. */
export type EmbedView = {
  $type?: string;
  images?: ImageView[];
  playlist?: string;
  thumbnail?: string;
  alt?: string;
  aspectRatio?: { width: number; height: number };
  record?: EmbedView | ViewRecord;
  media?: EmbedView;
};

/** app.bsky.embed.record#viewRecord: a quoted post. */
export type ViewRecord = {
  $type?: string;
  uri: string;
  author: ProfileView;
  value: PostRecord;
  likeCount?: number;
  repostCount?: number;
  replyCount?: number;
  quoteCount?: number;
  indexedAt: string;
  labels?: Array<{ val: string }>;
  embeds?: EmbedView[];
};

/** app.bsky.feed.defs#postView. */
export type PostView = {
  uri: string;
  author: ProfileView;
  record: PostRecord;
  embed?: EmbedView;
  replyCount?: number;
  repostCount?: number;
  likeCount?: number;
  quoteCount?: number;
  bookmarkCount?: number;
  indexedAt: string;
  labels?: Array<{ val: string }>;
};

/** app.bsky.feed.defs#feedViewPost: a post in a feed, possibly reposted by someone. */
export type FeedViewPost = { post: PostView; reason?: { $type?: string; by?: ProfileView; uri?: string; indexedAt?: string } };

const SENSITIVE_LABELS = new Set(['porn', 'sexual', 'nudity', 'graphic-media', 'gore']);

/** The parts of an AT-URI at://<authority>/<collection>/<rkey>. */
export function parseAtUri(uri: string): { authority: string; collection: string; rkey: string } {
  const [authority = '', collection = '', rkey = ''] = uri.replace(/^at:\/\//, '').split('/');
  return { authority, collection, rkey };
}

/** Perch's id of the record an AT-URI names. */
export function idOfUri(uri: string): string {
  const { authority, rkey } = parseAtUri(uri);
  return recordId(authority, rkey);
}

function isoTime(value: string | undefined): string | null {
  if (!value) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

function verification(profile: ProfileView): Pick<User, 'verified' | 'is_blue_verified' | 'verified_type'> {
  // Bluesky's blue check: an account verified by a trusted verifier; trusted verifiers themselves are organisations.
  const verified = profile.verification?.verifiedStatus === 'valid';
  const verifier = profile.verification?.trustedVerifierStatus === 'valid';
  return { verified: verified || verifier, is_blue_verified: verified || verifier, verified_type: verifier ? 'business' : verified ? 'blue' : 'none' };
}

/** A full profile (app.bsky.actor.getProfile/getProfiles) as a User. */
export function mapUser(profile: ProfileView): User {
  return {
    id: profile.did,
    username: profile.handle,
    name: profile.displayName || null,
    description: profile.description || null,
    location: null,
    url: null,
    profile_image_url: profile.avatar ?? null,
    profile_banner_url: profile.banner ?? null,
    created_at: isoTime(profile.createdAt),
    followers_count: profile.followersCount ?? null,
    following_count: profile.followsCount ?? null,
    tweet_count: profile.postsCount ?? null,
    like_count: null,
    media_count: null,
    listed_count: null,
    ...verification(profile),
    protected: false, // Bluesky has no protected accounts: every repository is public
    pinned_tweet_ids: profile.pinnedPost ? [idOfUri(profile.pinnedPost.uri)] : [],
  };
}

/** A post's author as a UserSummary. */
export function mapSummary(profile: ProfileView): UserSummary {
  const { is_blue_verified, verified_type } = verification(profile);
  return {
    id: profile.did,
    username: profile.handle,
    name: profile.displayName || null,
    profile_image_url: profile.avatar ?? null,
    is_blue_verified,
    verified_type,
    followers_count: profile.followersCount ?? null,
  };
}

/** Facets address UTF-8 bytes; records address JavaScript string positions. */
function byteToCharIndex(text: string): (byte: number) => number {
  const encoder = new TextEncoder();
  return (byte) => {
    let bytes = 0;
    let index = 0;
    for (const char of text) {
      if (bytes >= byte) break;
      bytes += encoder.encode(char).length;
      index += char.length;
    }
    return index;
  };
}

function entitiesOf(record: PostRecord): TweetEntities {
  const text = record.text ?? '';
  const toChar = byteToCharIndex(text);
  const entities: TweetEntities = { hashtags: [], mentions: [], urls: [], cashtags: [] };
  for (const facet of record.facets ?? []) {
    const start = toChar(facet.index.byteStart);
    const end = toChar(facet.index.byteEnd);
    const shown = text.slice(start, end);
    for (const feature of facet.features) {
      if (feature.$type === 'app.bsky.richtext.facet#tag' && feature.tag) {
        const list = feature.tag.startsWith('$') ? entities.cashtags : entities.hashtags;
        list.push({ tag: feature.tag.replace(/^\$/, ''), start, end });
      } else if (feature.$type === 'app.bsky.richtext.facet#mention' && feature.did) {
        entities.mentions.push({ id: feature.did, username: shown.replace(/^@/, ''), start, end });
      } else if (feature.$type === 'app.bsky.richtext.facet#link' && feature.uri) {
        entities.urls.push({ url: feature.uri, expanded_url: feature.uri, display_url: shown, start, end });
      }
    }
  }
  return entities;
}

function mediaOf(embed: EmbedView | undefined): TweetMedia[] {
  if (!embed) return [];
  if (embed.$type === 'app.bsky.embed.images#view') {
    return (embed.images ?? []).map((image) => ({
      type: 'photo',
      url: image.fullsize,
      preview_url: image.thumb,
      width: image.aspectRatio?.width ?? null,
      height: image.aspectRatio?.height ?? null,
      duration_ms: null,
      alt_text: image.alt || null,
    }));
  }
  if (embed.$type === 'app.bsky.embed.video#view' && embed.playlist) {
    return [
      {
        type: 'video',
        url: embed.playlist,
        preview_url: embed.thumbnail ?? null,
        width: embed.aspectRatio?.width ?? null,
        height: embed.aspectRatio?.height ?? null,
        duration_ms: null,
        alt_text: embed.alt || null,
      },
    ];
  }
  if (embed.$type === 'app.bsky.embed.recordWithMedia#view') return mediaOf(embed.media);
  return [];
}

/** The quoted post of an embed, when it is one that can be shown. */
function quotedRecord(embed: EmbedView | undefined): ViewRecord | null {
  const record =
    embed?.$type === 'app.bsky.embed.record#view'
      ? embed.record
      : embed?.$type === 'app.bsky.embed.recordWithMedia#view'
        ? (embed.record as EmbedView | undefined)?.record
        : undefined;
  const view = record as ViewRecord | undefined;
  return view?.$type === 'app.bsky.embed.record#viewRecord' && parseAtUri(view.uri).collection === 'app.bsky.feed.post' ? view : null;
}

function isQuote(record: PostRecord): boolean {
  return record.embed?.$type === 'app.bsky.embed.record' || record.embed?.$type === 'app.bsky.embed.recordWithMedia';
}

/** The post's bsky.app address, by DID: it outlives handle changes and reads back to the same id. */
function postUrl(uri: string): string {
  const { authority, rkey } = parseAtUri(uri);
  return `https://bsky.app/profile/${authority}/post/${rkey}`;
}

type PostLike = {
  uri: string;
  author: ProfileView;
  record: PostRecord;
  embed?: EmbedView;
  counts: Partial<Record<'like' | 'repost' | 'reply' | 'quote' | 'bookmark', number>>;
  indexedAt: string;
  labels?: Array<{ val: string }>;
};

function baseTweet(post: PostLike): EmbeddedTweet {
  const { record } = post;
  const id = idOfUri(post.uri);
  const parent = record.reply?.parent.uri;
  return {
    id,
    url: postUrl(post.uri),
    text: record.text ?? '',
    created_at: isoTime(record.createdAt) ?? isoTime(post.indexedAt)!,
    lang: record.langs?.[0] ?? null,
    author: mapSummary(post.author),
    author_id: post.author.did,
    conversation_id: record.reply ? idOfUri(record.reply.root.uri) : id,
    in_reply_to: parent ? { tweet_id: idOfUri(parent), user_id: parseAtUri(parent).authority, username: null } : null,
    is_reply: Boolean(record.reply),
    is_retweet: false,
    is_quote: isQuote(record),
    quoted_tweet: null,
    retweeted_tweet: null,
    like_count: post.counts.like ?? null,
    retweet_count: post.counts.repost ?? null,
    reply_count: post.counts.reply ?? null,
    quote_count: post.counts.quote ?? null,
    bookmark_count: post.counts.bookmark ?? null,
    view_count: null, // Bluesky does not count views
    entities: entitiesOf(record),
    media: mediaOf(post.embed),
    possibly_sensitive: (post.labels ?? []).some((label) => SENSITIVE_LABELS.has(label.val)),
    community_id: null,
  };
}

function embeddedOfView(view: ViewRecord): EmbeddedTweet {
  return baseTweet({
    uri: view.uri,
    author: view.author,
    record: view.value,
    embed: view.embeds?.[0],
    counts: { like: view.likeCount, repost: view.repostCount, reply: view.replyCount, quote: view.quoteCount },
    indexedAt: view.indexedAt,
    labels: view.labels,
  });
}

function postLike(post: PostView): PostLike {
  return {
    uri: post.uri,
    author: post.author,
    record: post.record,
    embed: post.embed,
    counts: { like: post.likeCount, repost: post.repostCount, reply: post.replyCount, quote: post.quoteCount, bookmark: post.bookmarkCount },
    indexedAt: post.indexedAt,
    labels: post.labels,
  };
}

/** A post view as a Tweet, with its quoted post one level deep. */
export function mapPost(post: PostView): Tweet {
  const quoted = quotedRecord(post.embed);
  return { ...baseTweet(postLike(post)), quoted_tweet: quoted ? embeddedOfView(quoted) : null, retweeted_tweet: null };
}

/** A post as it appears in a feed: a repost becomes a retweet by the reposter, with the post inside. */
export function mapFeedItem(item: FeedViewPost): Tweet {
  const reason = item.reason;
  if (reason?.$type !== 'app.bsky.feed.defs#reasonRepost' || !reason.by) return mapPost(item.post);
  const original = mapPost(item.post);
  const { quoted_tweet: _quoted, retweeted_tweet: _retweeted, ...embedded } = original;
  const repostUri = reason.uri ?? `at://${reason.by.did}/app.bsky.feed.repost/${parseAtUri(item.post.uri).rkey}`;
  const id = idOfUri(repostUri);
  return {
    ...original,
    id,
    url: original.url,
    created_at: isoTime(reason.indexedAt) ?? original.created_at,
    author: mapSummary(reason.by),
    author_id: reason.by.did,
    conversation_id: id,
    in_reply_to: null,
    is_reply: false,
    is_retweet: true,
    is_quote: false,
    quoted_tweet: null,
    retweeted_tweet: { ...embedded, quoted_tweet: null, retweeted_tweet: null },
    entities: original.entities,
  };
}

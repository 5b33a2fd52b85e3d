import { expect } from 'vitest';
import type { ApiAnswer } from './api-client';

// The contract's envelope (section 1) and records (section 5), checked field by field and
// independently of lib/platform/records.ts, so a drift in either shows up here.

const ID = /^[0-9]+$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const VERIFIED_TYPES = ['none', 'blue', 'business', 'government'];
const MEDIA_TYPES = ['photo', 'video', 'animated_gif'];

export const USER_FIELDS = [
  'id', 'username', 'name', 'description', 'location', 'url', 'profile_image_url', 'profile_banner_url', 'created_at',
  'followers_count', 'following_count', 'tweet_count', 'like_count', 'media_count', 'listed_count', 'verified',
  'is_blue_verified', 'verified_type', 'protected', 'pinned_tweet_ids', 'viewer',
];
export const USER_SUMMARY_FIELDS = ['id', 'username', 'name', 'profile_image_url', 'is_blue_verified', 'verified_type', 'followers_count'];
export const TWEET_FIELDS = [
  'id', 'url', 'text', 'created_at', 'lang', 'author', 'author_id', 'conversation_id', 'in_reply_to', 'is_reply', 'is_retweet',
  'is_quote', 'quoted_tweet', 'retweeted_tweet', 'like_count', 'retweet_count', 'reply_count', 'quote_count', 'bookmark_count',
  'view_count', 'entities', 'media', 'possibly_sensitive', 'community_id', 'viewer',
];
export const COMMUNITY_FIELDS = ['id', 'name', 'description', 'member_count', 'created_at', 'creator', 'rules'];
export const META_FIELDS = ['request_id', 'latency_ms', 'result_count', 'next_cursor', 'has_next_page', 'credits_charged', 'credits_remaining'];

type Rec = Record<string, unknown>;

function expectKeys(value: unknown, fields: readonly string[], what: string): asserts value is Rec {
  expect(value, what).toBeTypeOf('object');
  expect(value, what).not.toBeNull();
  expect(Object.keys(value as Rec).sort(), `${what} fields`).toEqual([...fields].sort());
}

export function expectId(value: unknown, what = 'id'): void {
  expect(typeof value === 'string' && ID.test(value), `${what} = ${JSON.stringify(value)} is a decimal string`).toBe(true);
}

export function expectIsoTime(value: unknown, what = 'time'): void {
  expect(typeof value === 'string' && ISO_UTC.test(value) && !Number.isNaN(Date.parse(value)), `${what} = ${JSON.stringify(value)} is ISO-8601 UTC`).toBe(true);
}

function expectCount(value: unknown, what: string): void {
  expect(Number.isInteger(value) && (value as number) >= 0, `${what} = ${JSON.stringify(value)} is a count`).toBe(true);
}

/** A record's count: a count, or null where the platform does not give it (never an invented 0). */
function expectRecordCount(value: unknown, what: string): void {
  if (value !== null) expectCount(value, what);
}

/** Unknown text is null, never "" (contract section 5). */
function expectOptionalText(value: unknown, what: string): void {
  if (value === null) return;
  expect(typeof value === 'string' && value.length > 0, `${what} = ${JSON.stringify(value)} is null or non-empty text`).toBe(true);
}

function expectText(value: unknown, what: string): void {
  expect(typeof value === 'string' && value.length > 0, `${what} = ${JSON.stringify(value)} is non-empty text`).toBe(true);
}

function expectBoolean(value: unknown, what: string): void {
  expect(typeof value, what).toBe('boolean');
}

export function expectUser(user: unknown): void {
  expectKeys(user, USER_FIELDS, 'User');
  expectId(user.id, 'user.id');
  expectText(user.username, 'user.username');
  expect(user.username).toMatch(/^[A-Za-z0-9_]{1,15}$/);
  expectText(user.name, 'user.name');
  for (const field of ['description', 'location', 'url', 'profile_image_url', 'profile_banner_url']) expectOptionalText(user[field], `user.${field}`);
  expectIsoTime(user.created_at, 'user.created_at');
  for (const field of ['followers_count', 'following_count', 'tweet_count', 'like_count', 'media_count', 'listed_count']) expectRecordCount(user[field], `user.${field}`);
  for (const field of ['verified', 'is_blue_verified', 'protected']) expectBoolean(user[field], `user.${field}`);
  expect(VERIFIED_TYPES).toContain(user.verified_type);
  expect(Array.isArray(user.pinned_tweet_ids)).toBe(true);
  for (const id of user.pinned_tweet_ids as unknown[]) expectId(id, 'pinned_tweet_ids[]');
  if (user.viewer !== null) {
    expectKeys(user.viewer, ['following', 'followed_by'], 'user.viewer');
    for (const field of ['following', 'followed_by']) expectBoolean(user.viewer[field], `user.viewer.${field}`);
  }
}

export function expectUserSummary(user: unknown, what = 'UserSummary'): void {
  expectKeys(user, USER_SUMMARY_FIELDS, what);
  expectId(user.id, `${what}.id`);
  expectText(user.username, `${what}.username`);
  expectText(user.name, `${what}.name`);
  expectOptionalText(user.profile_image_url, `${what}.profile_image_url`);
  expectBoolean(user.is_blue_verified, `${what}.is_blue_verified`);
  expect(VERIFIED_TYPES).toContain(user.verified_type);
  expectRecordCount(user.followers_count, `${what}.followers_count`);
}

function expectSpans(items: unknown, fields: string[], what: string, check: (item: Rec) => void = () => undefined): void {
  expect(Array.isArray(items), `${what} is an array`).toBe(true);
  for (const item of items as unknown[]) {
    expectKeys(item, [...fields, 'start', 'end'], what);
    expect(Number.isInteger(item.start) && Number.isInteger(item.end) && (item.start as number) <= (item.end as number), `${what} span`).toBe(true);
    check(item);
  }
}

function expectEntities(entities: unknown): void {
  expectKeys(entities, ['hashtags', 'mentions', 'urls', 'cashtags'], 'entities');
  expectSpans(entities.hashtags, ['tag'], 'entities.hashtags', (h) => expectText(h.tag, 'hashtag.tag'));
  expectSpans(entities.mentions, ['id', 'username'], 'entities.mentions', (m) => expectId(m.id, 'mention.id'));
  expectSpans(entities.urls, ['url', 'expanded_url', 'display_url'], 'entities.urls');
  expectSpans(entities.cashtags, ['tag'], 'entities.cashtags');
}

function expectMedia(media: unknown): void {
  expect(Array.isArray(media), 'media is an array').toBe(true);
  for (const item of media as unknown[]) {
    expectKeys(item, ['type', 'url', 'preview_url', 'width', 'height', 'duration_ms', 'alt_text'], 'media');
    expect(MEDIA_TYPES).toContain(item.type);
    expectText(item.url, 'media.url');
    expectOptionalText(item.preview_url, 'media.preview_url');
    expectOptionalText(item.alt_text, 'media.alt_text');
    for (const field of ['width', 'height', 'duration_ms']) {
      if (item[field] !== null) expect(Number.isInteger(item[field]) && (item[field] as number) > 0, `media.${field} is null or positive`).toBe(true);
    }
  }
}

/** A Tweet record; embedded (quoted or retweeted) tweets must have null references themselves. */
export function expectTweet(tweet: unknown, embedded = false): void {
  const what = embedded ? 'embedded Tweet' : 'Tweet';
  expectKeys(tweet, TWEET_FIELDS, what);
  expectId(tweet.id, 'tweet.id');
  expectText(tweet.url, 'tweet.url');
  expect(tweet.url as string).toMatch(new RegExp(`/status/${tweet.id as string}$`));
  expect(typeof tweet.text).toBe('string');
  expectIsoTime(tweet.created_at, 'tweet.created_at');
  expectOptionalText(tweet.lang, 'tweet.lang');
  expectUserSummary(tweet.author, 'tweet.author');
  expect((tweet.author as Rec).id).toBe(tweet.author_id);
  expectId(tweet.author_id, 'tweet.author_id');
  expectId(tweet.conversation_id, 'tweet.conversation_id');
  for (const field of ['is_reply', 'is_retweet', 'is_quote', 'possibly_sensitive']) expectBoolean(tweet[field], `tweet.${field}`);
  if (tweet.in_reply_to === null) {
    expect(tweet.is_reply).toBe(false);
  } else {
    expectKeys(tweet.in_reply_to, ['tweet_id', 'user_id', 'username'], 'in_reply_to');
    expectId(tweet.in_reply_to.tweet_id, 'in_reply_to.tweet_id');
    if (tweet.in_reply_to.user_id !== null) expectId(tweet.in_reply_to.user_id, 'in_reply_to.user_id');
    expectOptionalText(tweet.in_reply_to.username, 'in_reply_to.username');
    expect(tweet.is_reply).toBe(true);
  }
  for (const field of ['like_count', 'retweet_count', 'reply_count', 'quote_count', 'bookmark_count', 'view_count']) expectRecordCount(tweet[field], `tweet.${field}`);
  expectEntities(tweet.entities);
  expectMedia(tweet.media);
  if (tweet.community_id !== null) expectId(tweet.community_id, 'tweet.community_id');
  if (tweet.viewer !== null) {
    expectKeys(tweet.viewer, ['liked', 'retweeted'], 'tweet.viewer');
    for (const field of ['liked', 'retweeted']) expectBoolean(tweet.viewer[field], `tweet.viewer.${field}`);
  }
  if (embedded) {
    expect(tweet.quoted_tweet).toBeNull();
    expect(tweet.retweeted_tweet).toBeNull();
    return;
  }
  expect(tweet.is_quote).toBe(tweet.quoted_tweet !== null);
  expect(tweet.is_retweet).toBe(tweet.retweeted_tweet !== null);
  if (tweet.quoted_tweet !== null) expectTweet(tweet.quoted_tweet, true);
  if (tweet.retweeted_tweet !== null) expectTweet(tweet.retweeted_tweet, true);
}

export function expectCommunity(community: unknown): void {
  expectKeys(community, COMMUNITY_FIELDS, 'Community');
  expectId(community.id, 'community.id');
  expectText(community.name, 'community.name');
  expectOptionalText(community.description, 'community.description');
  expectCount(community.member_count, 'community.member_count');
  expectIsoTime(community.created_at, 'community.created_at');
  expectUserSummary(community.creator, 'community.creator');
  expect(Array.isArray(community.rules)).toBe(true);
  for (const rule of community.rules as unknown[]) expectText(rule, 'community.rules[]');
}

/** A 200 with `{ data, meta }` and all seven meta fields (plus `extra` ones the operation adds). */
export function expectSuccess(answer: ApiAnswer, extraMeta: string[] = []): void {
  expect(answer.status, answer.text.slice(0, 500)).toBe(200);
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expectKeys(answer.body, ['data', 'meta'], 'success envelope');
  const meta = answer.body.meta as Rec;
  // `cached` is there when an upstream platform (Bluesky) served the call: whether its cache answered.
  expectKeys(meta, [...META_FIELDS, ...extraMeta, ...('cached' in meta ? ['cached'] : [])], 'meta');
  if ('cached' in meta) expectBoolean(meta.cached, 'meta.cached');
  expect(meta.request_id).toMatch(/^req_/);
  expect(answer.headers.get('x-request-id')).toBe(meta.request_id);
  expectCount(meta.latency_ms, 'meta.latency_ms');
  expectCount(meta.result_count, 'meta.result_count');
  expectCount(meta.credits_charged, 'meta.credits_charged');
  expectCount(meta.credits_remaining, 'meta.credits_remaining');
  expect(typeof meta.has_next_page).toBe('boolean');
  expect(meta.has_next_page).toBe(meta.next_cursor !== null);
  if (meta.next_cursor !== null) expectText(meta.next_cursor, 'meta.next_cursor');
  const data = answer.body.data as unknown;
  expect(typeof data === 'object' && data !== null, 'data is an object or an array').toBe(true);
  if (Array.isArray(data)) {
    expect(meta.result_count).toBe(data.length);
  } else {
    expect(meta.result_count).toBe(1);
    expect(meta.next_cursor).toBeNull();
    expect(meta.has_next_page).toBe(false);
  }
}

/** An error with the contract's envelope, status and code. */
export function expectError(answer: ApiAnswer, status: number, code: string): void {
  expect({ status: answer.status, code: answer.body?.error?.code }, answer.text.slice(0, 500)).toEqual({ status, code });
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expectKeys(answer.body, ['error', 'meta'], 'error envelope');
  const error = answer.body.error as Rec;
  expectKeys(error, 'details' in error ? ['code', 'message', 'details'] : ['code', 'message'], 'error');
  expectText(error.message, 'error.message');
  expectKeys(answer.body.meta, ['request_id', 'latency_ms'], 'error meta');
  expect(answer.body.meta.request_id).toMatch(/^req_/);
  expect(answer.headers.get('x-request-id')).toBe(answer.body.meta.request_id);
  expectCount(answer.body.meta.latency_ms, 'meta.latency_ms');
}

/** The 400 names the offending field in its details. */
export function expectInvalid(answer: ApiAnswer, path: string): void {
  expectError(answer, 400, 'invalid_request');
  const paths = ((answer.body.error.details ?? []) as Array<{ path?: unknown }>).map((d) => d.path);
  expect(paths, answer.text).toContain(path);
}

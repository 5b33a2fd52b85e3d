import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { csvColumns, DROPPED_TWEET_RECORD_FIELDS, DROPPED_USER_RECORD_FIELDS, type CsvColumn } from '@/lib/exports/formats/csv-columns';
import { csvWriter } from '@/lib/exports/formats/csv-writer';
import { recordWriter } from '@/lib/exports/formats/record-writer';
import { TweetWithViewerSchema, UserWithViewerSchema, type TweetRecord, type UserRecord } from '@/lib/platform/records';

// Every leaf field of a zod schema as a dotted path, array elements as `path[]`; nullable and
// optional wrappers are looked through, `z.null()` is a leaf of its own.
function schemaLeaves(schema: z.ZodType, path = ''): string[] {
  const def = (schema as unknown as { _zod: { def: { type: string; innerType?: z.ZodType; shape?: Record<string, z.ZodType>; element?: z.ZodType } } })._zod.def;
  if ((def.type === 'nullable' || def.type === 'optional' || def.type === 'default') && def.innerType) return schemaLeaves(def.innerType, path);
  if (def.type === 'object' && def.shape) return Object.entries(def.shape).flatMap(([key, inner]) => schemaLeaves(inner, path ? `${path}.${key}` : key));
  if (def.type === 'array' && def.element) return schemaLeaves(def.element, `${path}[]`);
  return [path];
}

function checkCoverage(schema: z.ZodType, columns: readonly CsvColumn[], dropped: Readonly<Record<string, string>>) {
  const leaves = schemaLeaves(schema);
  const carried = columns.flatMap((column) => column.fields);
  return {
    uncovered: leaves.filter((leaf) => !carried.includes(leaf) && !(leaf in dropped)),
    staleColumnFields: carried.filter((path) => !leaves.includes(path)),
    staleDropped: Object.keys(dropped).filter((path) => !leaves.includes(path)),
    bothCarriedAndDropped: carried.filter((path) => path in dropped),
    leaves,
  };
}

const TWEET_FIELD_NAMES = [
  'id', 'url', 'text', 'created_at', 'lang',
  'author.id', 'author.username', 'author.name', 'author.profile_image_url', 'author.is_blue_verified', 'author.verified_type', 'author.followers_count',
  'author_id', 'conversation_id', 'in_reply_to.tweet_id', 'in_reply_to.user_id', 'in_reply_to.username',
  'is_reply', 'is_retweet', 'is_quote',
  'like_count', 'retweet_count', 'reply_count', 'quote_count', 'bookmark_count', 'view_count',
  'entities.hashtags', 'entities.cashtags', 'entities.mentions', 'entities.mention_ids', 'entities.urls',
  'media.urls', 'media.types', 'possibly_sensitive', 'community_id', 'viewer.liked', 'viewer.retweeted',
];
const TWEET_HEADER = [...TWEET_FIELD_NAMES, ...TWEET_FIELD_NAMES.map((n) => `quoted_tweet.${n}`), ...TWEET_FIELD_NAMES.map((n) => `retweeted_tweet.${n}`)];
const USER_HEADER = [
  'id', 'username', 'name', 'description', 'location', 'url', 'profile_image_url', 'profile_banner_url', 'created_at',
  'followers_count', 'following_count', 'tweet_count', 'like_count', 'media_count', 'listed_count',
  'verified', 'is_blue_verified', 'verified_type', 'protected', 'pinned_tweet_ids', 'viewer.following', 'viewer.followed_by',
];

const TEXT = 'He said "hi, there"\nthen left 🚀 #Launch @perch_dev $NVDA https://t.co/x\r\nbye';

const quoted = {
  id: '100',
  url: 'https://x.test/quoted/status/100',
  text: '=SUM(A1)',
  created_at: '2026-01-01T00:00:00.000Z',
  lang: null,
  author: { id: '7', username: 'quoted', name: null, profile_image_url: null, is_blue_verified: false, verified_type: 'none', followers_count: null },
  author_id: '7',
  conversation_id: '100',
  in_reply_to: null,
  is_reply: false,
  is_retweet: false,
  is_quote: false,
  like_count: -5,
  retweet_count: 0,
  reply_count: 0,
  quote_count: 1,
  bookmark_count: 0,
  view_count: null,
  entities: { hashtags: [], mentions: [], urls: [], cashtags: [] },
  media: [],
  possibly_sensitive: false,
  community_id: null,
  quoted_tweet: null,
  retweeted_tweet: null,
  viewer: null,
} satisfies NonNullable<TweetRecord['quoted_tweet']>;

const tweet = TweetWithViewerSchema.parse({
  id: '200',
  url: 'https://x.test/ann/status/200',
  text: TEXT,
  created_at: '2026-02-03T04:05:06.000Z',
  lang: 'en',
  author: { id: '8', username: 'ann', name: 'Ann, "the" Analyst 📊', profile_image_url: 'https://img.test/a.png', is_blue_verified: true, verified_type: 'blue', followers_count: 1234 },
  author_id: '8',
  conversation_id: '150',
  in_reply_to: { tweet_id: '150', user_id: '9', username: '@user' },
  is_reply: true,
  is_retweet: false,
  is_quote: true,
  like_count: 10,
  retweet_count: 2,
  reply_count: 3,
  quote_count: 4,
  bookmark_count: 5,
  view_count: 600,
  entities: {
    hashtags: [{ tag: 'Launch', start: 34, end: 41 }, { tag: 'día', start: 0, end: 1 }],
    mentions: [{ id: '9', username: 'perch_dev', start: 42, end: 52 }, { id: '10', username: 'bob', start: 0, end: 1 }],
    urls: [{ url: 'https://t.co/x', expanded_url: 'https://example.com/a?b=1;c=2', display_url: 'example.com/a…', start: 59, end: 73 }],
    cashtags: [{ tag: 'NVDA', start: 53, end: 58 }],
  },
  media: [
    { type: 'photo', url: 'https://img.test/1.jpg', preview_url: null, width: 10, height: 20, duration_ms: null, alt_text: 'a, b' },
    { type: 'video', url: 'https://img.test/2.mp4', preview_url: 'https://img.test/2.jpg', width: null, height: null, duration_ms: 1500, alt_text: null },
  ],
  possibly_sensitive: false,
  community_id: null,
  quoted_tweet: quoted,
  retweeted_tweet: null,
  viewer: { liked: true, retweeted: false },
});

// The expected flattening, written out by hand (not computed by the code under test).
const TWEET_CELLS: Record<string, string> = {
  id: '200',
  url: 'https://x.test/ann/status/200',
  text: TEXT,
  created_at: '2026-02-03T04:05:06.000Z',
  lang: 'en',
  'author.id': '8',
  'author.username': 'ann',
  'author.name': 'Ann, "the" Analyst 📊',
  'author.profile_image_url': 'https://img.test/a.png',
  'author.is_blue_verified': 'true',
  'author.verified_type': 'blue',
  'author.followers_count': '1234',
  author_id: '8',
  conversation_id: '150',
  'in_reply_to.tweet_id': '150',
  'in_reply_to.user_id': '9',
  'in_reply_to.username': "'@user",
  is_reply: 'true',
  is_retweet: 'false',
  is_quote: 'true',
  like_count: '10',
  retweet_count: '2',
  reply_count: '3',
  quote_count: '4',
  bookmark_count: '5',
  view_count: '600',
  'entities.hashtags': 'Launch día',
  'entities.cashtags': 'NVDA',
  'entities.mentions': 'perch_dev bob',
  'entities.mention_ids': '9 10',
  'entities.urls': 'https://example.com/a?b=1;c=2',
  'media.urls': 'https://img.test/1.jpg https://img.test/2.mp4',
  'media.types': 'photo video',
  possibly_sensitive: 'false',
  community_id: '',
  'viewer.liked': 'true',
  'viewer.retweeted': 'false',
};
const QUOTED_CELLS: Record<string, string> = {
  id: '100',
  url: 'https://x.test/quoted/status/100',
  text: "'=SUM(A1)",
  created_at: '2026-01-01T00:00:00.000Z',
  lang: '',
  'author.id': '7',
  'author.username': 'quoted',
  'author.name': '',
  'author.profile_image_url': '',
  'author.is_blue_verified': 'false',
  'author.verified_type': 'none',
  'author.followers_count': '',
  author_id: '7',
  conversation_id: '100',
  'in_reply_to.tweet_id': '',
  'in_reply_to.user_id': '',
  'in_reply_to.username': '',
  is_reply: 'false',
  is_retweet: 'false',
  is_quote: 'false',
  like_count: '-5',
  retweet_count: '0',
  reply_count: '0',
  quote_count: '1',
  bookmark_count: '0',
  view_count: '',
  'entities.hashtags': '',
  'entities.cashtags': '',
  'entities.mentions': '',
  'entities.mention_ids': '',
  'entities.urls': '',
  'media.urls': '',
  'media.types': '',
  possibly_sensitive: 'false',
  community_id: '',
  'viewer.liked': '',
  'viewer.retweeted': '',
};

const user: UserRecord = UserWithViewerSchema.parse({
  id: '8',
  username: 'ann',
  name: '-5',
  description: '+1 for tabs,\nnot "spaces" ✨',
  location: null,
  url: '=HYPERLINK("http://evil.test","x")',
  profile_image_url: 'https://img.test/a.png',
  profile_banner_url: null,
  created_at: '2020-05-06T07:08:09.000Z',
  followers_count: 1234,
  following_count: 0,
  tweet_count: 99,
  like_count: null,
  media_count: 3,
  listed_count: null,
  verified: false,
  is_blue_verified: true,
  verified_type: 'business',
  protected: false,
  pinned_tweet_ids: ['200', '201'],
  viewer: { following: true, followed_by: false },
});
const USER_CELLS: Record<string, string> = {
  id: '8',
  username: 'ann',
  name: "'-5",
  description: "'+1 for tabs,\nnot \"spaces\" ✨",
  location: '',
  url: `'=HYPERLINK("http://evil.test","x")`,
  profile_image_url: 'https://img.test/a.png',
  profile_banner_url: '',
  created_at: '2020-05-06T07:08:09.000Z',
  followers_count: '1234',
  following_count: '0',
  tweet_count: '99',
  like_count: '',
  media_count: '3',
  listed_count: '',
  verified: 'false',
  is_blue_verified: 'true',
  verified_type: 'business',
  protected: 'false',
  pinned_tweet_ids: '200 201',
  'viewer.following': 'true',
  'viewer.followed_by': 'false',
};

/** The file a writer makes of one page, parsed back by a real CSV parser into one object per row. */
function parseFile(kind: 'tweet' | 'user' | 'id', records: unknown[]): Record<string, string>[] {
  const writer = csvWriter(kind);
  return parse(writer.header() + writer.page(records), { columns: true }) as Record<string, string>[];
}

describe('CSV export columns', () => {
  it('carries every field of the tweet record schema in a column, or drops it with a reason', () => {
    const coverage = checkCoverage(TweetWithViewerSchema, csvColumns('tweet'), DROPPED_TWEET_RECORD_FIELDS);
    expect(coverage.leaves.length).toBeGreaterThan(100); // the walk really went into the nested objects
    expect(coverage.uncovered).toEqual([]);
    expect(coverage.staleColumnFields).toEqual([]);
    expect(coverage.staleDropped).toEqual([]);
    expect(coverage.bothCarriedAndDropped).toEqual([]);
  });

  it('carries every field of the user record schema in a column', () => {
    const coverage = checkCoverage(UserWithViewerSchema, csvColumns('user'), DROPPED_USER_RECORD_FIELDS);
    expect(coverage.uncovered).toEqual([]);
    expect(coverage.staleColumnFields).toEqual([]);
    expect(coverage.staleDropped).toEqual([]);
  });

  it('notices a field added to a record that no column carries', () => {
    const grown = UserWithViewerSchema.extend({ pronouns: UserWithViewerSchema.shape.location });
    expect(checkCoverage(grown, csvColumns('user'), DROPPED_USER_RECORD_FIELDS).uncovered).toEqual(['pronouns']);
  });

  it('lists every column in docs/exports-csv.md', () => {
    const doc = fs.readFileSync(new URL('../../docs/exports-csv.md', import.meta.url), 'utf8');
    const documented = new Set([...doc.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]));
    const own = (name: string) => !name.startsWith('quoted_tweet.') && !name.startsWith('retweeted_tweet.');
    for (const kind of ['tweet', 'user', 'id'] as const) {
      const missing = csvColumns(kind).map((c) => c.name).filter((name) => own(name) && !documented.has(name));
      expect(missing, kind).toEqual([]);
    }
  });

  it('has unique, documented column names', () => {
    for (const kind of ['tweet', 'user', 'id'] as const) {
      const names = csvColumns(kind).map((c) => c.name);
      expect(new Set(names).size).toBe(names.length);
      for (const column of csvColumns(kind)) expect(column.doc.length).toBeGreaterThan(3);
    }
  });
});

describe('csvWriter', () => {
  it('starts each kind with its fixed column row', () => {
    expect(csvWriter('tweet').header()).toBe(`${TWEET_HEADER.join(',')}\n`);
    expect(csvWriter('user').header()).toBe(`${USER_HEADER.join(',')}\n`);
    expect(csvWriter('id').header()).toBe('id\n');
    expect(csvWriter('tweet').header()).toBe(csvWriter('tweet').header());
  });

  it('writes a tweet that parses back to the expected flattening', () => {
    const rows = parseFile('tweet', [tweet]);
    expect(rows).toHaveLength(1);
    const expected = {
      ...TWEET_CELLS,
      ...Object.fromEntries(Object.entries(QUOTED_CELLS).map(([k, v]) => [`quoted_tweet.${k}`, v])),
      ...Object.fromEntries(TWEET_FIELD_NAMES.map((k) => [`retweeted_tweet.${k}`, ''])),
    };
    expect(rows[0]).toEqual(expected);
  });

  it('escapes formula starts in strings only, and leaves negative numbers alone', () => {
    const texts = ['=SUM(A1)', '@user', '-5', '+1', '\tx', '\rx', 'plain', '', "'already"];
    const rows = parseFile('tweet', texts.map((text) => ({ ...quoted, text })));
    expect(rows.map((r) => r.text)).toEqual(["'=SUM(A1)", "'@user", "'-5", "'+1", "'\tx", "'\rx", 'plain', '', "'already"]);
    expect(rows.every((r) => r.like_count === '-5')).toBe(true);
    expect(csvWriter('tweet').page([quoted])).toContain(',-5,');
  });

  it('quotes by RFC 4180, ends lines with \\n and writes no byte-order mark', () => {
    const writer = csvWriter('tweet');
    const page = writer.page([tweet]);
    expect(writer.header().startsWith('\uFEFF')).toBe(false);
    expect(page).toContain('"He said ""hi, there""\nthen left 🚀 #Launch @perch_dev $NVDA https://t.co/x\r\nbye"');
    expect(page).toContain(',"Ann, ""the"" Analyst 📊",');
    expect(page.endsWith('\n')).toBe(true);
    expect(page.endsWith('\r\n')).toBe(false);
    expect(writer.header().endsWith(',retweeted_tweet.viewer.retweeted\n')).toBe(true);
  });

  it('writes a user, null fields as empty cells', () => {
    expect(parseFile('user', [user])).toEqual([USER_CELLS]);
    const rows = parseFile('user', [{ ...user, viewer: null, pinned_tweet_ids: [] }]);
    expect(rows[0]['viewer.following']).toBe('');
    expect(rows[0]['viewer.followed_by']).toBe('');
    expect(rows[0].pinned_tweet_ids).toBe('');
  });

  it('writes bare ids one per row', () => {
    const writer = csvWriter('id');
    expect(writer.page(['1', '2', '1234567890123456789'])).toBe('1\n2\n1234567890123456789\n');
    expect(parseFile('id', ['5', '6'])).toEqual([{ id: '5' }, { id: '6' }]);
    expect(() => writer.page([{ id: '1' }])).toThrow(/string id/);
  });

  it('gives the same bytes for a page written twice, and nothing for an empty page', () => {
    const records = [tweet, quoted, { ...quoted, id: '101', text: '-5' }];
    expect(csvWriter('tweet').page(records)).toBe(csvWriter('tweet').page(records));
    expect(parse(csvWriter('tweet').page(records))).toHaveLength(3);
    expect(csvWriter('tweet').page([])).toBe('');
  });

  it('is what recordWriter gives for csv', () => {
    expect(recordWriter('csv', 'user').header()).toBe(csvWriter('user').header());
    expect(recordWriter('csv', 'tweet').page([tweet])).toBe(csvWriter('tweet').page([tweet]));
  });
});

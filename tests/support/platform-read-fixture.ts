import type pg from 'pg';
import { snowflakeAt } from '@/lib/platform/snowflake';
import { afterAll, beforeAll } from 'vitest';
import { closePool, getPool } from '@/lib/db/pool';

// A small, hand-made platform for the read tests: a handful of named users and tweets whose
// relationships each test can reason about (a thread, retweets, quotes, mentions, media,
// lists, a community, hashtags in two countries and one outside the trend window). It lives
// beside whatever the generator seeded: usernames start with `rdx_`, ids use a sequence
// range the generator does not, and every test derives its expectations from SQL over the
// same tables, so other rows only add to both sides.

const SEQUENCE_BASE = 0x3ff000;
let sequence = 0;

/** A snowflake at a moment with a sequence number from the fixture's own range. */
function fixtureId(ms: number): string {
  sequence = (sequence + 1) % 4096;
  return snowflakeAt(ms, SEQUENCE_BASE + sequence).toString();
}

type UserSpec = {
  username: string;
  name: string;
  description?: string | null;
  country?: string | null;
  followers?: number;
  blue?: boolean;
  verifiedType?: 'none' | 'blue' | 'business' | 'government';
};

type TweetSpec = {
  key: string;
  author: string;
  /** Minutes before the fixture's base time. */
  ago: number;
  text: string;
  lang?: string | null;
  replyTo?: string;
  quote?: string;
  retweet?: string;
  likes?: number;
  retweets?: number;
  replies?: number;
  quotes?: number;
  views?: number | null;
  media?: boolean;
  community?: boolean;
  tags?: string[];
  mentions?: string[];
};

const NAMES = ['anna', 'Anna', 'bert', 'Zoe', 'émile', 'Émile', 'otto', 'Otto', 'mia', 'Mia', 'lea', 'Bo', 'bo', 'kim', 'Kim'];

const USERS: UserSpec[] = [
  { username: 'rdx_Alice', name: 'Alice Liddell', description: 'Curious explorer of wonderland', country: 'US', followers: 900, blue: true, verifiedType: 'blue' },
  { username: 'rdx_bob', name: 'Bob Builder', description: 'Can we fix it', country: 'GB', followers: 50 },
  { username: 'rdx_carol', name: 'carol singer', description: 'Sings in Tokyo', country: 'JP', followers: 300, verifiedType: 'business' },
  { username: 'rdx_dave', name: 'Dave', description: '', country: 'JP', followers: 0 },
  { username: 'rdx_alicia', name: 'Alicia Keys', description: 'piano', country: 'US', followers: 5000, blue: true, verifiedType: 'blue' },
  { username: 'rdx_malice', name: 'Malice Aforethought', description: 'nothing to see', country: 'US', followers: 1 },
  { username: 'rdx_m_rdx_ali', name: 'Mirror', description: 'contains another name', country: 'GB', followers: 99999 },
  { username: 'rdx_wonder', name: 'Wonder Person', description: 'I read rdxalice books in wonderland', country: null, followers: 7 },
  ...Array.from({ length: 30 }, (_, i): UserSpec => ({
    username: `rdx_f${String(i).padStart(2, '0')}`,
    name: NAMES[i % NAMES.length],
    country: i % 2 === 0 ? 'US' : 'JP',
    followers: (i % 7) * 10,
    blue: i % 3 === 0,
  })),
];

const base = (ago: number, now: number) => now - ago * 60_000;

function tweets(): TweetSpec[] {
  const t: TweetSpec[] = [
    { key: 'B1', author: 'rdx_bob', ago: 300, text: 'Building a house today #rdxbuild', lang: 'en', likes: 10, retweets: 7, replies: 1, quotes: 1, tags: ['rdxbuild'], views: 1000 },
    { key: 'A1', author: 'rdx_Alice', ago: 290, text: 'Hello wonderland #rdxtea with @rdx_bob', lang: 'en', likes: 5, retweets: 2, replies: 1, tags: ['rdxtea'], mentions: ['rdx_bob'], views: 100 },
    { key: 'A2', author: 'rdx_Alice', ago: 280, text: '@rdx_bob nice house', lang: 'en', replyTo: 'B1', likes: 5, mentions: ['rdx_bob'] },
    { key: 'C1', author: 'rdx_carol', ago: 270, text: '@rdx_Alice agreed', lang: 'en', replyTo: 'A2', mentions: ['rdx_Alice'] },
    { key: 'B2', author: 'rdx_bob', ago: 260, text: '@rdx_carol thanks both', lang: 'en', replyTo: 'C1', mentions: ['rdx_carol'] },
    { key: 'A3', author: 'rdx_Alice', ago: 250, text: 'RT @rdx_bob: Building a house today #rdxbuild', lang: 'en', retweet: 'B1' },
    { key: 'C2', author: 'rdx_carol', ago: 245, text: '東京 sushi time #rdxsushi', lang: 'ja', media: true, likes: 30, quotes: 2, tags: ['rdxsushi'] },
    { key: 'A4', author: 'rdx_Alice', ago: 240, text: 'Looks tasty', lang: 'en', quote: 'C2', likes: 20 },
    { key: 'B5', author: 'rdx_bob', ago: 235, text: 'so good', lang: 'en', quote: 'C2', likes: 1 },
    { key: 'A10', author: 'rdx_Alice', ago: 232, text: 'great work on the house', lang: 'en', quote: 'B1', likes: 3 },
    { key: 'A6', author: 'rdx_Alice', ago: 230, text: 'qzanzibar spice market', lang: 'en', likes: 8, retweets: 3, media: true, views: null },
    { key: 'A7', author: 'rdx_Alice', ago: 225, text: 'qzanzibar spice girls reunion', lang: 'en', likes: 8, retweets: 0 },
    { key: 'B3', author: 'rdx_bob', ago: 220, text: 'qzanzibar beaches are lovely', lang: 'en', likes: 2, retweets: 9 },
    { key: 'C3', author: 'rdx_carol', ago: 215, text: '@rdx_Alice qzanzibar again', lang: 'en', replyTo: 'A6', mentions: ['rdx_Alice'], likes: 4 },
    { key: 'L1', author: 'rdx_alicia', ago: 210, text: 'qzanzibar es bonito #rdxtea', lang: 'es', likes: 6, tags: ['rdxtea'] },
    { key: 'M1', author: 'rdx_malice', ago: 205, text: '@rdx_alice hi there qzanzibar', lang: 'en', mentions: ['rdx_Alice'] },
    { key: 'D1', author: 'rdx_dave', ago: 200, text: '#rdxsushi #rdxramen in Osaka', lang: 'ja', tags: ['rdxsushi', 'rdxramen'] },
    { key: 'OLD', author: 'rdx_alicia', ago: 300 + 30 * 60, text: 'qzanzibar long ago #rdxold #rdxold2', lang: 'en', tags: ['rdxold', 'rdxold2'] },
  ];
  // Alice's plain timeline, long enough to page through, with ties in likes and engagement.
  for (let i = 0; i < 24; i++) {
    t.push({
      key: `AT${i}`,
      author: 'rdx_Alice',
      ago: 190 - i * 5,
      text: `timeline post ${i} about tea`,
      lang: i % 4 === 0 ? 'es' : 'en',
      likes: (i * 7) % 5,
      retweets: i % 3,
      replies: i % 2,
      quotes: 0,
      media: i % 3 === 0,
      community: i % 4 === 1,
      tags: i % 2 === 0 ? ['rdxtea'] : ['rdxusa'],
    });
  }
  // Hashtags in Japan that the US does not use, so the two countries' trends differ.
  for (let i = 0; i < 6; i++) t.push({ key: `CJ${i}`, author: 'rdx_carol', ago: 60 - i, text: `ramen night ${i} #rdxramen`, lang: 'ja', tags: ['rdxramen'] });
  for (let i = 0; i < 3; i++) t.push({ key: `BC${i}`, author: 'rdx_bob', ago: 50 - i, text: `community note ${i}`, lang: 'en', community: true });
  // Retweets of B1 by followers, and by carol, for the retweeters list.
  for (let i = 0; i < 6; i++) {
    t.push({ key: `RT${i}`, author: `rdx_f${String(i).padStart(2, '0')}`, ago: 40 - i, text: 'RT @rdx_bob: Building a house today #rdxbuild', lang: 'en', retweet: 'B1' });
  }
  return t;
}

export type ReadFixture = {
  /** User ids by username (as spelled in the fixture). */
  users: Record<string, string>;
  /** Tweet ids by fixture key. */
  tweets: Record<string, string>;
  listId: string;
  emptyListId: string;
  communityId: string;
  /** All fixture user ids, for cleanup and for scoping queries. */
  userIds: string[];
};

async function insertJson(pool: pg.Pool, table: string, columns: string[], rows: object[]): Promise<void> {
  if (rows.length === 0) return;
  const list = columns.join(', ');
  await pool.query(`INSERT INTO platform.${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::platform.${table}, $1::json)`, [
    JSON.stringify(rows),
  ]);
}

/** Inserts the fixture (removing a leftover one first) and returns its ids. */
export async function installReadFixture(pool: pg.Pool): Promise<ReadFixture> {
  await removeReadFixture(pool);
  const now = Date.now() - 60_000;
  const users: Record<string, string> = {};
  const userRows = USERS.map((u, i) => {
    const createdMs = now - (1000 - i) * 86_400_000;
    const id = fixtureId(createdMs);
    users[u.username] = id;
    return {
      id,
      username: u.username,
      name: u.name,
      description: u.description === undefined ? `${u.name} on the read fixture` : u.description,
      country: u.country ?? null,
      created_at: new Date(createdMs).toISOString(),
      followers_count: u.followers ?? 0,
      is_blue_verified: u.blue ?? false,
      verified_type: u.verifiedType ?? (u.blue ? 'blue' : 'none'),
      profile_image_url: i % 2 === 0 ? `https://img.perch.local/${u.username}.png` : null,
    };
  });
  await insertJson(pool, 'users', ['id', 'username', 'name', 'description', 'country', 'created_at', 'followers_count', 'is_blue_verified', 'verified_type', 'profile_image_url'], userRows);

  const communityId = fixtureId(now - 400 * 86_400_000);
  await pool.query(
    `INSERT INTO platform.communities (id, name, description, creator_id, created_at, member_count, rules)
     VALUES ($1, 'rdx tea club', 'Tea lovers', $2, $3, 7, ARRAY['Be kind', 'No spam'])`,
    [communityId, users.rdx_Alice, new Date(now - 400 * 86_400_000)],
  );

  const specs = tweets().sort((a, b) => b.ago - a.ago);
  const ids: Record<string, string> = {};
  const tweetRows = specs.map((s) => {
    const ms = base(s.ago, now);
    const id = fixtureId(ms);
    ids[s.key] = id;
    return { s, id, ms };
  });
  const conversation = (key: string): string => {
    const spec = specs.find((s) => s.key === key)!;
    return spec.replyTo ? conversation(spec.replyTo) : ids[key];
  };
  const authorOf = (key: string) => users[specs.find((s) => s.key === key)!.author];
  const rows = tweetRows.map(({ s, id, ms }) => ({
    id,
    author_id: users[s.author],
    text: s.text,
    lang: s.lang ?? null,
    created_at: new Date(ms).toISOString(),
    conversation_id: s.replyTo ? conversation(s.replyTo) : id,
    in_reply_to_tweet_id: s.replyTo ? ids[s.replyTo] : null,
    in_reply_to_user_id: s.replyTo ? authorOf(s.replyTo) : null,
    quoted_tweet_id: s.quote ? ids[s.quote] : null,
    retweeted_tweet_id: s.retweet ? ids[s.retweet] : null,
    like_count: s.likes ?? 0,
    retweet_count: s.retweets ?? 0,
    reply_count: s.replies ?? 0,
    quote_count: s.quotes ?? 0,
    bookmark_count: 0,
    view_count: s.views === undefined ? 50 : s.views,
    entities: {
      hashtags: (s.tags ?? []).map((tag) => ({ tag, start: 0, end: tag.length + 1 })),
      mentions: (s.mentions ?? []).map((m) => ({ id: users[m], username: m, start: 0, end: m.length + 1 })),
    },
    media: s.media ? [{ type: 'photo', url: `https://media.perch.local/${id}.jpg`, width: 1200, height: 800 }] : [],
    possibly_sensitive: false,
    community_id: s.community ? communityId : null,
  }));
  await insertJson(pool, 'tweets', ['id', 'author_id', 'text', 'lang', 'created_at', 'conversation_id', 'in_reply_to_tweet_id', 'in_reply_to_user_id', 'quoted_tweet_id', 'retweeted_tweet_id', 'like_count', 'retweet_count', 'reply_count', 'quote_count', 'bookmark_count', 'view_count', 'entities', 'media', 'possibly_sensitive', 'community_id'], rows);
  await insertJson(
    pool,
    'tweet_mentions',
    ['user_id', 'tweet_id'],
    tweetRows.flatMap(({ s, id }) => (s.mentions ?? []).map((m) => ({ user_id: users[m], tweet_id: id }))),
  );
  await insertJson(
    pool,
    'tweet_hashtags',
    ['tag', 'tweet_id', 'country', 'created_at'],
    tweetRows.flatMap(({ s, id, ms }) =>
      (s.tags ?? []).map((tag) => ({ tag, tweet_id: id, country: USERS.find((u) => u.username === s.author)!.country ?? null, created_at: new Date(ms).toISOString() })),
    ),
  );

  // Edges: each gets its own moment, so "newest first" has one answer.
  let edgeMs = now - 10 * 86_400_000;
  const edge = () => fixtureId((edgeMs += 60_000));
  const followers = Array.from({ length: 30 }, (_, i) => `rdx_f${String(i).padStart(2, '0')}`);
  const follows = [
    ...followers.map((f) => [f, 'rdx_Alice']),
    ['rdx_bob', 'rdx_Alice'],
    ['rdx_Alice', 'rdx_bob'],
    ['rdx_Alice', 'rdx_carol'],
    ['rdx_alicia', 'rdx_carol'],
    ['rdx_f00', 'rdx_bob'],
  ];
  await insertJson(pool, 'follows', ['id', 'follower_id', 'followee_id'], follows.map(([a, b]) => ({ id: edge(), follower_id: users[a], followee_id: users[b] })));
  const likers = [...followers.slice(0, 15), 'rdx_bob'];
  await insertJson(pool, 'likes', ['id', 'user_id', 'tweet_id'], likers.map((u) => ({ id: edge(), user_id: users[u], tweet_id: ids.A1 })));

  const listId = fixtureId(now - 100 * 86_400_000);
  const emptyListId = fixtureId(now - 99 * 86_400_000);
  await pool.query(
    `INSERT INTO platform.lists (id, owner_id, name, created_at, member_count, subscriber_count)
     VALUES ($1, $3, 'rdx friends', $4, 4, 10), ($2, $3, 'rdx empty', $4, 0, 0)`,
    [listId, emptyListId, users.rdx_Alice, new Date(now - 100 * 86_400_000)],
  );
  await insertJson(pool, 'list_members', ['id', 'list_id', 'user_id'], ['rdx_bob', 'rdx_carol', 'rdx_dave', 'rdx_malice'].map((u) => ({ id: edge(), list_id: listId, user_id: users[u] })));
  await insertJson(pool, 'list_subscribers', ['id', 'list_id', 'user_id'], followers.slice(0, 10).map((u) => ({ id: edge(), list_id: listId, user_id: users[u] })));
  await insertJson(
    pool,
    'community_members',
    ['id', 'community_id', 'user_id', 'role'],
    ['rdx_Alice', 'rdx_bob', ...followers.slice(0, 5)].map((u, i) => ({ id: edge(), community_id: communityId, user_id: users[u], role: i === 0 ? 'admin' : 'member' })),
  );
  await pool.query('UPDATE platform.users SET pinned_tweet_ids = ARRAY[$1::bigint] WHERE id = $2', [ids.A1, users.rdx_Alice]);
  return { users, tweets: ids, listId, emptyListId, communityId, userIds: Object.values(users) };
}

/** Deletes every fixture row: communities first (their creator has no cascade), then the users, which cascade to the rest. */
export async function removeReadFixture(pool: pg.Pool): Promise<void> {
  await pool.query(`DELETE FROM platform.communities WHERE creator_id IN (SELECT id FROM platform.users WHERE username LIKE 'rdx\\_%')`);
  await pool.query(`DELETE FROM platform.users WHERE username LIKE 'rdx\\_%'`);
}

/**
 * Installs the fixture before the file's tests and removes it (closing the pool) after them.
 * The returned object is filled in by then, so tests read it as `fx.users`, `fx.tweets`, ….
 */
export function useReadFixture(): ReadFixture {
  const fixture = {} as ReadFixture;
  beforeAll(async () => {
    Object.assign(fixture, await installReadFixture(getPool()));
  });
  afterAll(async () => {
    await removeReadFixture(getPool());
    await closePool();
  });
  return fixture;
}

/** The `id` column of a query's rows, in order. */
export async function selectIds(sql: string, values: unknown[]): Promise<string[]> {
  const { rows } = await getPool().query<{ id: string }>(sql, values);
  return rows.map((r) => r.id);
}

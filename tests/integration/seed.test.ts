import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '@/lib/db/migrate';
import { COUNTRIES } from '@/lib/platform/countries';
import { extractEntities } from '@/lib/platform/entities';
import { platformSeedStatus, seedPlatform, type SeedCounts } from '@/lib/platform/seed/seed-platform';
import { TEST_SEED, TEST_SEED_ANCHOR } from '../support/seed-test-platform';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Shape checks run on a fresh database seeded exactly like the run's own (the same seed and
// anchor give the same rows), so other test files' writes to the shared one cannot skew them.

const ORDER: Record<keyof SeedCounts, string> = {
  users: 'id',
  tweets: 'id',
  follows: 'follower_id, followee_id',
  likes: 'user_id, tweet_id',
  tweet_mentions: 'user_id, tweet_id',
  tweet_hashtags: 'tag, tweet_id',
  lists: 'id',
  list_members: 'list_id, user_id',
  list_subscribers: 'list_id, user_id',
  communities: 'id',
  community_members: 'community_id, user_id',
};
const ANCHOR_MS = TEST_SEED_ANCHOR.getTime();
const WINDOW_START = new Date(ANCHOR_MS - 60 * 86_400_000).toISOString();

type Fresh = { database: TestDatabase; pool: pg.Pool };
const fresh: Fresh[] = [];

async function freshDatabase(): Promise<Fresh> {
  const database = await createTestDatabase();
  await migrateDatabase(database.url, { quiet: true });
  const created = { database, pool: new pg.Pool({ connectionString: database.url, max: 2 }) };
  fresh.push(created);
  return created;
}

/** An md5 of every row of every platform table, per table. */
async function checksums(pool: pg.Pool): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const [table, order] of Object.entries(ORDER)) {
    const { rows } = await pool.query<{ sum: string | null }>(`SELECT md5(string_agg(t::text, E'\\n' ORDER BY ${order})) AS sum FROM platform.${table} t`);
    sums[table] = rows[0].sum ?? 'empty';
  }
  return sums;
}

async function scalar<T = number>(pool: pg.Pool, sql: string, values: unknown[] = []): Promise<T> {
  const { rows } = await pool.query(sql, values);
  return Object.values(rows[0])[0] as T;
}

let a: Fresh;
let b: Fresh;
let sumsA: Record<string, string>;

beforeAll(async () => {
  [a, b] = [await freshDatabase(), await freshDatabase()];
  await seedPlatform({ url: a.database.url, scale: 'test', seed: TEST_SEED, anchor: TEST_SEED_ANCHOR });
  sumsA = await checksums(a.pool);
});

afterAll(async () => {
  for (const { database, pool } of fresh) {
    await pool.end();
    await database.drop();
  }
});

describe('seed determinism', () => {
  it('gives identical rows for the same seed and anchor in another database, and different rows for another seed', async () => {
    const counts = await seedPlatform({ url: b.database.url, scale: 'test', seed: TEST_SEED, anchor: TEST_SEED_ANCHOR });
    expect(await checksums(b.pool)).toEqual(sumsA);
    for (const [table, n] of Object.entries(counts)) {
      expect(await scalar(b.pool, `SELECT count(*)::int FROM platform.${table}`), table).toBe(n);
    }

    await seedPlatform({ url: b.database.url, scale: 'test', seed: 7, anchor: TEST_SEED_ANCHOR });
    const other = await checksums(b.pool);
    for (const table of ['users', 'tweets', 'follows', 'likes']) expect(other[table], table).not.toBe(sumsA[table]);
  });

  it('holds the same dataset as the run database was seeded with', async () => {
    const run = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    try {
      const state = await run.query(`SELECT status, scale, seed FROM platform.seed_state`);
      expect(state.rows).toEqual([{ status: 'complete', scale: 'test', seed: TEST_SEED }]);
      // Seeded users are never deleted by the API, so the oldest one is the same everywhere.
      const first = `SELECT id, username FROM platform.users ORDER BY id LIMIT 1`;
      expect((await run.query(first)).rows).toEqual((await a.pool.query(first)).rows);
    } finally {
      await run.end();
    }
  });
});

describe('an interrupted seed', () => {
  it('rolls back mid-COPY and leaves the previous dataset and status as they were', async () => {
    const before = await checksums(b.pool);
    const stop = new Error('stop mid-way');
    await expect(
      seedPlatform({
        url: b.database.url,
        scale: 'test',
        seed: TEST_SEED,
        anchor: TEST_SEED_ANCHOR,
        onProgress: (p) => {
          if (p.phase === 'tweets' && p.done > 1000) throw stop;
        },
      }),
    ).rejects.toBe(stop);
    expect(await checksums(b.pool)).toEqual(before);
    expect(await platformSeedStatus(b.database.url)).toBe('complete');
    expect((await b.pool.query('SELECT status, seed FROM platform.seed_state')).rows).toEqual([{ status: 'complete', seed: 7 }]);
  });

  it('rolls back when aborted during the index builds', async () => {
    const before = await checksums(b.pool);
    const controller = new AbortController();
    await expect(
      seedPlatform({
        url: b.database.url,
        scale: 'test',
        seed: 9,
        anchor: TEST_SEED_ANCHOR,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.phase === 'indexes' && p.done >= 3) controller.abort(new Error('abort'));
        },
      }),
    ).rejects.toThrow();
    expect(await checksums(b.pool)).toEqual(before);
    expect(await platformSeedStatus(b.database.url)).toBe('complete');
  });

  it('leaves an empty platform empty', async () => {
    const empty = await freshDatabase();
    expect(await platformSeedStatus(empty.database.url)).toBe('empty');
    await expect(
      seedPlatform({
        url: empty.database.url,
        scale: 'test',
        onProgress: (p) => {
          if (p.phase === 'likes' && p.done > 0) throw new Error('stop');
        },
      }),
    ).rejects.toThrow('stop');
    expect(await platformSeedStatus(empty.database.url)).toBe('empty');
    expect(await scalar(empty.pool, 'SELECT count(*)::int FROM platform.users')).toBe(0);
  });

  it('reports data without a finished seed as needing a reseed', async () => {
    await b.pool.query('DELETE FROM platform.seed_state');
    expect(await platformSeedStatus(b.database.url)).toBe('running');
  });
});

describe('the test dataset', () => {
  it('records a complete seed', async () => {
    expect((await a.pool.query('SELECT status, scale, seed, finished_at IS NOT NULL AS finished FROM platform.seed_state')).rows).toEqual([
      { status: 'complete', scale: 'test', seed: TEST_SEED, finished: true },
    ]);
    expect(await platformSeedStatus(a.database.url)).toBe('complete');
  });

  it('is the promised size', async () => {
    const counts = Object.fromEntries(
      await Promise.all(Object.keys(ORDER).map(async (t) => [t, await scalar(a.pool, `SELECT count(*)::int FROM platform.${t}`)])),
    ) as Record<string, number>;
    expect(counts.users).toBe(400);
    expect(counts.tweets).toBe(5000);
    expect(counts.follows).toBe(10_000);
    expect(counts.likes).toBe(15_000);
    expect(counts.lists).toBeGreaterThanOrEqual(5);
    expect(counts.communities).toBeGreaterThanOrEqual(3);
    expect(counts.list_members).toBeGreaterThan(0);
    expect(counts.list_subscribers).toBeGreaterThan(0);
    expect(counts.community_members).toBeGreaterThan(0);
  });

  it('keeps every denormalised count equal to its rows', async () => {
    const mismatches = {
      followers: `SELECT count(*) FROM platform.users u WHERE followers_count <> (SELECT count(*) FROM platform.follows f WHERE f.followee_id = u.id)`,
      following: `SELECT count(*) FROM platform.users u WHERE following_count <> (SELECT count(*) FROM platform.follows f WHERE f.follower_id = u.id)`,
      tweets: `SELECT count(*) FROM platform.users u WHERE tweet_count <> (SELECT count(*) FROM platform.tweets t WHERE t.author_id = u.id)`,
      likesGiven: `SELECT count(*) FROM platform.users u WHERE like_count <> (SELECT count(*) FROM platform.likes l WHERE l.user_id = u.id)`,
      media: `SELECT count(*) FROM platform.users u WHERE media_count <> (SELECT count(*) FROM platform.tweets t WHERE t.author_id = u.id AND t.has_media)`,
      listed: `SELECT count(*) FROM platform.users u WHERE listed_count <> (SELECT count(*) FROM platform.list_members m WHERE m.user_id = u.id)`,
      likes: `SELECT count(*) FROM platform.tweets t WHERE like_count <> (SELECT count(*) FROM platform.likes l WHERE l.tweet_id = t.id)`,
      retweets: `SELECT count(*) FROM platform.tweets t WHERE retweet_count <> (SELECT count(*) FROM platform.tweets r WHERE r.retweeted_tweet_id = t.id)`,
      replies: `SELECT count(*) FROM platform.tweets t WHERE reply_count <> (SELECT count(*) FROM platform.tweets r WHERE r.in_reply_to_tweet_id = t.id)`,
      quotes: `SELECT count(*) FROM platform.tweets t WHERE quote_count <> (SELECT count(*) FROM platform.tweets q WHERE q.quoted_tweet_id = t.id)`,
      listMembers: `SELECT count(*) FROM platform.lists l WHERE member_count <> (SELECT count(*) FROM platform.list_members m WHERE m.list_id = l.id)`,
      listSubscribers: `SELECT count(*) FROM platform.lists l WHERE subscriber_count <> (SELECT count(*) FROM platform.list_subscribers s WHERE s.list_id = l.id)`,
      communityMembers: `SELECT count(*) FROM platform.communities c WHERE member_count <> (SELECT count(*) FROM platform.community_members m WHERE m.community_id = c.id)`,
    };
    for (const [name, sql] of Object.entries(mismatches)) expect(Number(await scalar(a.pool, sql)), name).toBe(0);
    expect(await scalar(a.pool, 'SELECT count(*)::int FROM platform.tweets WHERE bookmark_count > like_count OR bookmark_count < 0')).toBe(0);
  });

  it('spreads users over all 64 countries and writes at least 8 languages', async () => {
    expect(await scalar(a.pool, 'SELECT count(DISTINCT country)::int FROM platform.users')).toBe(COUNTRIES.length);
    const langs = (await a.pool.query<{ lang: string }>('SELECT DISTINCT lang FROM platform.tweets')).rows.map((r) => r.lang);
    expect(langs.length).toBeGreaterThanOrEqual(8);
    for (const lang of ['en', 'es', 'fr', 'ja', 'pt', 'ar', 'tr', 'ko']) expect(langs).toContain(lang);
    // Real script per language, not English words under another label.
    expect(await scalar(a.pool, `SELECT count(*)::int FROM platform.tweets WHERE lang = 'ja' AND retweeted_tweet_id IS NULL AND text !~ '[ぁ-んァ-ン一-龯]'`)).toBe(0);
    expect(await scalar(a.pool, `SELECT count(*)::int FROM platform.tweets WHERE lang = 'ar' AND retweeted_tweet_id IS NULL AND text !~ '[ء-ي]'`)).toBe(0);
  });

  it('has about 5% blue-verified users, a few business and government ones, valid unique usernames', async () => {
    const share = await scalar<number>(a.pool, 'SELECT avg(is_blue_verified::int)::float FROM platform.users');
    expect(share).toBeGreaterThan(0.03);
    expect(share).toBeLessThan(0.08);
    const types = (await a.pool.query<{ verified_type: string }>('SELECT DISTINCT verified_type FROM platform.users ORDER BY 1')).rows.map((r) => r.verified_type);
    expect(types).toEqual(['blue', 'business', 'government', 'none']);
    expect(await scalar(a.pool, `SELECT count(*)::int FROM platform.users WHERE (verified_type <> 'none') <> is_blue_verified`)).toBe(0);
    expect(await scalar(a.pool, `SELECT count(*)::int FROM platform.users WHERE username !~ '^[A-Za-z0-9_]{1,15}$'`)).toBe(0);
    expect(await scalar(a.pool, 'SELECT count(DISTINCT lower(username))::int FROM platform.users')).toBe(400);
    expect(await scalar(a.pool, `SELECT count(*)::int FROM platform.users WHERE profile_image_url NOT LIKE 'https://media.perch.local/%'`)).toBe(0);
  });

  it('has power-law followers with an account past 100 followers for pagination', async () => {
    const top = await scalar<number>(a.pool, 'SELECT max(followers_count) FROM platform.users');
    const median = await scalar<number>(a.pool, 'SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY followers_count) FROM platform.users');
    expect(top).toBeGreaterThan(100);
    expect(top).toBeGreaterThan(5 * median);
    expect(await scalar(a.pool, 'SELECT count(*)::int FROM platform.follows WHERE follower_id = followee_id')).toBe(0);
  });

  it('holds the documentation’s subjects: @jack, with tweets, and English #perch tweets', async () => {
    const jack = (await a.pool.query<{ tweets: number; password: boolean; sim_seq: number | null }>(
      `SELECT tweet_count AS tweets, password_hash IS NOT NULL AS password, sim_seq FROM platform.users WHERE username = 'jack'`,
    )).rows;
    expect(jack).toHaveLength(1);
    expect(jack[0].tweets).toBeGreaterThan(0);
    expect(jack[0].sim_seq).not.toBeNull();
    expect(await scalar<number>(a.pool, `SELECT count(*)::int FROM platform.tweet_hashtags h JOIN platform.tweets t ON t.id = h.tweet_id WHERE h.tag = 'perch' AND t.lang = 'en'`)).toBeGreaterThan(5);
  });

  it('numbers every generated user 1..N for the live simulator', async () => {
    const users = await scalar<number>(a.pool, 'SELECT count(*)::int FROM platform.users');
    expect(await scalar<number>(a.pool, 'SELECT count(DISTINCT sim_seq)::int FROM platform.users WHERE sim_seq BETWEEN 1 AND $1', [users])).toBe(users);
  });

  it('does not let one account dominate the most liked tweets', async () => {
    const top = await scalar<number>(
      a.pool,
      `SELECT max(n)::int FROM (SELECT count(*) AS n FROM (SELECT author_id FROM platform.tweets WHERE retweeted_tweet_id IS NULL
         ORDER BY like_count DESC, id DESC LIMIT 100) t GROUP BY author_id) per_author`,
    );
    // Even on the 400-user test platform, the most popular account holds under a third of them.
    expect(top).toBeLessThan(34);
  });

  it('attaches media to about 20% of tweets, in the contract shape', async () => {
    const share = await scalar<number>(a.pool, 'SELECT avg(has_media::int)::float FROM platform.tweets WHERE retweeted_tweet_id IS NULL');
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.25);
    const { rows } = await a.pool.query<{ media: Array<Record<string, unknown>> }>('SELECT media FROM platform.tweets WHERE has_media');
    const types = new Set<unknown>();
    for (const { media } of rows) {
      for (const item of media) {
        types.add(item.type);
        expect(Object.keys(item).sort()).toEqual(['alt_text', 'duration_ms', 'height', 'preview_url', 'type', 'url', 'width']);
        expect(item.url).toMatch(/^https:\/\/media\.perch\.local\//);
        expect(item.duration_ms === null).toBe(item.type === 'photo');
      }
    }
    expect([...types].sort()).toEqual(['animated_gif', 'photo', 'video']);
  });

  it('stores entities whose offsets match the text, as live writes extract them', async () => {
    const { rows } = await a.pool.query<{ id: string; text: string; entities: { hashtags: Array<{ tag: string; start: number; end: number }>; mentions: Array<{ id: string; username: string; start: number; end: number }>; urls: Array<{ url: string; start: number; end: number }>; cashtags: Array<{ tag: string; start: number; end: number }> } }>(
      'SELECT id, text, entities FROM platform.tweets',
    );
    const users = new Map((await a.pool.query<{ id: string; username: string }>('SELECT id, username FROM platform.users')).rows.map((u) => [u.id, u.username]));
    const kinds = { hashtags: 0, mentions: 0, urls: 0, cashtags: 0 };
    for (const { text, entities } of rows) {
      const chars = Array.from(text);
      const slice = (e: { start: number; end: number }) => chars.slice(e.start, e.end).join('');
      for (const h of entities.hashtags) expect(slice(h)).toBe(`#${h.tag}`);
      for (const m of entities.mentions) {
        expect(slice(m)).toBe(`@${m.username}`);
        expect(users.get(m.id)).toBe(m.username);
      }
      for (const u of entities.urls) expect(slice(u)).toBe(u.url);
      for (const c of entities.cashtags) expect(slice(c)).toBe(`$${c.tag}`);
      const extracted = extractEntities(text);
      expect(entities.hashtags).toEqual(extracted.hashtags);
      expect(entities.urls).toEqual(extracted.urls);
      expect(entities.cashtags).toEqual(extracted.cashtags);
      expect(entities.mentions.map(({ username, start, end }) => ({ username, start, end }))).toEqual(extracted.mentions);
      for (const kind of Object.keys(kinds) as Array<keyof typeof kinds>) kinds[kind] += entities[kind].length;
      expect(Array.from(text.normalize('NFC')).length).toBeLessThanOrEqual(280);
    }
    for (const [kind, n] of Object.entries(kinds)) expect(n, kind).toBeGreaterThan(0);
  });

  it('indexes hashtags (author country, tweet time) and mentions of tweets, not of retweets', async () => {
    const hashtagMismatch = `
      SELECT count(*)::int FROM platform.tweets t JOIN platform.users u ON u.id = t.author_id
      WHERE (SELECT coalesce(array_agg(DISTINCT lower(h->>'tag') ORDER BY lower(h->>'tag')), '{}') FROM jsonb_array_elements(t.entities->'hashtags') h)
         <> (SELECT coalesce(array_agg(th.tag ORDER BY th.tag), '{}') FROM platform.tweet_hashtags th WHERE th.tweet_id = t.id)`;
    expect(await scalar(a.pool, hashtagMismatch)).toBe(0);
    expect(
      await scalar(a.pool, `SELECT count(*)::int FROM platform.tweet_hashtags th JOIN platform.tweets t ON t.id = th.tweet_id JOIN platform.users u ON u.id = t.author_id
                            WHERE th.country IS DISTINCT FROM u.country OR th.created_at <> t.created_at`),
    ).toBe(0);
    const mentionMismatch = `
      SELECT count(*)::int FROM platform.tweets t
      WHERE (CASE WHEN t.retweeted_tweet_id IS NULL
                  THEN (SELECT coalesce(array_agg(DISTINCT (m->>'id')::bigint ORDER BY (m->>'id')::bigint), '{}') FROM jsonb_array_elements(t.entities->'mentions') m)
                  ELSE '{}' END)
         <> (SELECT coalesce(array_agg(tm.user_id ORDER BY tm.user_id), '{}') FROM platform.tweet_mentions tm WHERE tm.tweet_id = t.id)`;
    expect(await scalar(a.pool, mentionMismatch)).toBe(0);
  });

  it('has reply threads of depth 3 or more with consistent conversations', async () => {
    const broken = `
      SELECT count(*)::int FROM platform.tweets r LEFT JOIN platform.tweets p ON p.id = r.in_reply_to_tweet_id
      WHERE r.in_reply_to_tweet_id IS NOT NULL
        AND (p.id IS NULL OR r.in_reply_to_user_id <> p.author_id OR r.conversation_id <> p.conversation_id OR r.created_at <= p.created_at)`;
    expect(await scalar(a.pool, broken)).toBe(0);
    expect(await scalar(a.pool, `SELECT count(*)::int FROM platform.tweets WHERE in_reply_to_tweet_id IS NULL AND conversation_id <> id`)).toBe(0);
    const depth = await scalar<number>(
      a.pool,
      `WITH RECURSIVE chain AS (
         SELECT id, 0 AS depth FROM platform.tweets WHERE in_reply_to_tweet_id IS NULL
         UNION ALL
         SELECT t.id, c.depth + 1 FROM platform.tweets t JOIN chain c ON t.in_reply_to_tweet_id = c.id
       ) SELECT max(depth) FROM chain`,
    );
    expect(depth).toBeGreaterThanOrEqual(3);
  });

  it('has quotes and retweets in the shapes live writes make', async () => {
    expect(await scalar(a.pool, 'SELECT count(*)::int FROM platform.tweets WHERE quoted_tweet_id IS NOT NULL')).toBeGreaterThan(50);
    const retweets = await a.pool.query<{ text: string; username: string; original: string; lang_ok: boolean }>(
      `SELECT r.text, u.username, o.text AS original, r.lang IS NOT DISTINCT FROM o.lang AS lang_ok
       FROM platform.tweets r JOIN platform.tweets o ON o.id = r.retweeted_tweet_id JOIN platform.users u ON u.id = o.author_id`,
    );
    expect(retweets.rows.length).toBeGreaterThan(300);
    for (const r of retweets.rows) {
      expect(r.text.startsWith(`RT @${r.username}: `)).toBe(true);
      expect(r.lang_ok).toBe(true);
      const body = r.text.slice(`RT @${r.username}: `.length);
      expect(body.endsWith('…') ? r.original.startsWith(body.slice(0, -1).trimEnd()) : body === r.original).toBe(true);
    }
    expect(await scalar(a.pool, 'SELECT count(*)::int FROM platform.tweets r JOIN platform.tweets o ON o.id = r.retweeted_tweet_id WHERE o.retweeted_tweet_id IS NOT NULL OR r.author_id = o.author_id')).toBe(0);
  });

  it('dates everything in the 60 days before the anchor, with ids made from those moments', async () => {
    const window = [WINDOW_START, TEST_SEED_ANCHOR.toISOString()];
    expect(await scalar(a.pool, `SELECT count(*)::int FROM platform.tweets WHERE created_at < $1 OR created_at >= $2`, window)).toBe(0);
    expect(await scalar(a.pool, `SELECT count(*)::int FROM platform.tweets WHERE platform.snowflake_time(id) <> created_at`)).toBe(0);
    expect(await scalar(a.pool, `SELECT count(*)::int FROM platform.users WHERE platform.snowflake_time(id) <> created_at OR created_at >= $1`, [WINDOW_START])).toBe(0);
    for (const table of ['follows', 'likes', 'list_members', 'list_subscribers', 'community_members']) {
      expect(await scalar(a.pool, `SELECT count(*)::int FROM platform.${table} WHERE platform.snowflake_time(id) < $1 OR platform.snowflake_time(id) >= $2`, window), table).toBe(0);
      expect(await scalar(a.pool, `SELECT (count(*) - count(DISTINCT id))::int FROM platform.${table}`), table).toBe(0);
    }
    expect(await scalar(a.pool, 'SELECT count(*)::int FROM platform.likes l JOIN platform.tweets t ON t.id = l.tweet_id WHERE platform.snowflake_time(l.id) <= t.created_at')).toBe(0);
    // Community tweets come from members who had joined by then.
    expect(await scalar(a.pool, 'SELECT count(*)::int FROM platform.tweets WHERE community_id IS NOT NULL')).toBeGreaterThan(0);
    expect(
      await scalar(a.pool, `SELECT count(*)::int FROM platform.tweets t WHERE t.community_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM platform.community_members m WHERE m.community_id = t.community_id AND m.user_id = t.author_id AND platform.snowflake_time(m.id) < t.created_at)`),
    ).toBe(0);
  });

  it('gives countries their own hot hashtags in the last day', async () => {
    const top = async (country: string) =>
      (
        await a.pool.query<{ tag: string }>(
          `SELECT tag FROM platform.tweet_hashtags WHERE country = $1 AND created_at >= $2 GROUP BY tag ORDER BY count(*) DESC, tag LIMIT 3`,
          [country, new Date(ANCHOR_MS - 86_400_000).toISOString()],
        )
      ).rows.map((r) => r.tag);
    const [us, jp] = [await top('US'), await top('JP')];
    expect(us.length).toBe(3);
    expect(jp.length).toBe(3);
    expect(us[0]).not.toBe(jp[0]);
  });

  it('has lists and communities with members, rules and subscribers', async () => {
    expect(await scalar(a.pool, 'SELECT count(*)::int FROM platform.communities WHERE cardinality(rules) < 2')).toBe(0);
    expect(await scalar(a.pool, `SELECT count(*)::int FROM platform.communities c WHERE NOT EXISTS (SELECT 1 FROM platform.community_members m WHERE m.community_id = c.id AND m.user_id = c.creator_id AND m.role = 'admin')`)).toBe(0);
    expect(await scalar(a.pool, 'SELECT max(subscriber_count) FROM platform.lists')).toBeGreaterThan(0);
    expect(await scalar(a.pool, 'SELECT count(*)::int FROM platform.list_subscribers s JOIN platform.lists l ON l.id = s.list_id WHERE s.user_id = l.owner_id')).toBe(0);
  });
});

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePool } from '@/lib/db/pool';
import { startLiveActivity } from '@/lib/platform/local/live-activity';
import { createTweet } from '@/lib/platform/local/write/create-tweet';
import { followUser } from '@/lib/platform/local/write/follow-user';
import { countDrift, createFixtureUsers } from '../support/platform-fixtures';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
afterAll(async () => {
  await pool.end();
  await closePool();
});

type Totals = { tweets: number; replies: number; quotes: number; retweets: number; likes: number; follows: number; hashtags: number; max_tweet: string | null };

async function totals(): Promise<Totals> {
  const { rows } = await pool.query<Totals>(`SELECT
    (SELECT count(*)::int FROM platform.tweets) AS tweets,
    (SELECT count(*)::int FROM platform.tweets WHERE in_reply_to_tweet_id IS NOT NULL) AS replies,
    (SELECT count(*)::int FROM platform.tweets WHERE quoted_tweet_id IS NOT NULL) AS quotes,
    (SELECT count(*)::int FROM platform.tweets WHERE retweeted_tweet_id IS NOT NULL) AS retweets,
    (SELECT count(*)::int FROM platform.likes) AS likes,
    (SELECT count(*)::int FROM platform.follows) AS follows,
    (SELECT count(*)::int FROM platform.tweet_hashtags) AS hashtags,
    (SELECT max(id)::text FROM platform.tweets) AS max_tweet`);
  return rows[0];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  // Fixture users across languages, with a little history to act on; the seeded platform,
  // once the generator lands, only adds to it.
  const users = await createFixtureUsers(pool, 40, ['US', 'JP', 'BR', 'DE', 'SA', 'KR', 'RU', 'TH', 'FR', null]);
  for (const [i, user] of users.entries()) {
    await createTweet({ authorId: user.id, text: `fixture tweet number ${i} #fixture` });
    if (i > 0) await followUser({ followerId: user.id, followeeId: users[0].id });
  }
});

describe('live activity', () => {
  it('posts, replies, quotes, likes, retweets and follows through the writes, keeping every count exact, until stopped', async () => {
    const driftBefore = await countDrift(pool);
    const before = await totals();
    const errors: unknown[] = [];
    const originalError = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const live = startLiveActivity({ ratePerSecond: 50, seed: 7 });
      await sleep(2_000);
      await live.stop();
    } finally {
      console.error = originalError;
    }
    const after = await totals();

    expect(errors).toEqual([]);
    // ~100 events at these weights: each kind shows up many times over.
    expect(after.tweets - before.tweets).toBeGreaterThanOrEqual(20);
    expect(after.replies).toBeGreaterThan(before.replies);
    expect(after.quotes).toBeGreaterThan(before.quotes);
    expect(after.retweets).toBeGreaterThan(before.retweets);
    expect(after.likes - before.likes).toBeGreaterThanOrEqual(10);
    expect(after.follows - before.follows).toBeGreaterThanOrEqual(3);
    expect(after.hashtags).toBeGreaterThan(before.hashtags);
    expect(await countDrift(pool)).toEqual(driftBefore);

    // New tweets speak their authors' languages, and their hashtags carry a country for trends.
    const langs = await pool.query<{ lang: string }>('SELECT DISTINCT lang FROM platform.tweets WHERE id > $1 AND lang IS NOT NULL', [before.max_tweet ?? '0']);
    expect(langs.rows.length).toBeGreaterThanOrEqual(3);
    const countries = await pool.query<{ n: number }>(
      'SELECT count(DISTINCT country)::int AS n FROM platform.tweet_hashtags WHERE tweet_id > $1',
      [before.max_tweet ?? '0'],
    );
    expect(countries.rows[0].n).toBeGreaterThanOrEqual(2);

    // Stopped means stopped: nothing more is written.
    await sleep(500);
    expect(await totals()).toEqual(after);
  });

  it('stops promptly even between events at a slow rate', async () => {
    const live = startLiveActivity({ ratePerSecond: 0.01, seed: 1 });
    await sleep(200);
    const started = Date.now();
    await live.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

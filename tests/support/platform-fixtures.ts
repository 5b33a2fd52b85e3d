import crypto from 'node:crypto';
import type pg from 'pg';
import { nextSnowflake } from '@/lib/platform/snowflake';

export type FixtureUser = { id: string; username: string; country: string | null };

/**
 * Inserts platform users with fresh, unique usernames (`<prefix><random>_<i>`) and zero
 * counts, so a test owns them whatever else the database holds.
 */
export async function createFixtureUsers(pool: pg.Pool, count: number, countries: ReadonlyArray<string | null> = ['US']): Promise<FixtureUser[]> {
  const run = crypto.randomBytes(4).toString('hex').slice(0, 7);
  const users: FixtureUser[] = Array.from({ length: count }, (_, i) => ({
    id: nextSnowflake(),
    username: `f${run}_${i}`,
    country: countries[i % countries.length],
  }));
  await pool.query(
    `INSERT INTO platform.users (id, username, name, country, created_at)
     SELECT id, username, 'Fixture ' || username, country, now()
     FROM unnest($1::bigint[], $2::text[], $3::text[]) AS u(id, username, country)`,
    [users.map((u) => u.id), users.map((u) => u.username), users.map((u) => u.country)],
  );
  return users;
}

/**
 * Every denormalized count that differs from the rows it counts, keyed by row, as
 * "column: stored - real". Comparing it before and after a run shows whether the run's
 * writes kept every count exact, whatever state the seeded data started in.
 */
export async function countDrift(pool: pg.Pool): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ key: string; drift: number }>(`
    WITH followers AS (SELECT followee_id AS id, count(*) AS n FROM platform.follows GROUP BY 1),
         following AS (SELECT follower_id AS id, count(*) AS n FROM platform.follows GROUP BY 1),
         authored AS (SELECT author_id AS id, count(*) AS n, count(*) FILTER (WHERE has_media) AS media FROM platform.tweets GROUP BY 1),
         liked AS (SELECT user_id AS id, count(*) AS n FROM platform.likes GROUP BY 1),
         likes AS (SELECT tweet_id AS id, count(*) AS n FROM platform.likes GROUP BY 1),
         retweets AS (SELECT retweeted_tweet_id AS id, count(*) AS n FROM platform.tweets WHERE retweeted_tweet_id IS NOT NULL GROUP BY 1),
         replies AS (SELECT in_reply_to_tweet_id AS id, count(*) AS n FROM platform.tweets WHERE in_reply_to_tweet_id IS NOT NULL GROUP BY 1),
         quotes AS (SELECT quoted_tweet_id AS id, count(*) AS n FROM platform.tweets WHERE quoted_tweet_id IS NOT NULL GROUP BY 1),
         user_drift AS (
           SELECT u.id, d.column_name, d.drift
           FROM platform.users u
           LEFT JOIN followers fr ON fr.id = u.id LEFT JOIN following fg ON fg.id = u.id
           LEFT JOIN authored a ON a.id = u.id LEFT JOIN liked l ON l.id = u.id
           CROSS JOIN LATERAL (VALUES
             ('followers_count', u.followers_count - coalesce(fr.n, 0)),
             ('following_count', u.following_count - coalesce(fg.n, 0)),
             ('tweet_count', u.tweet_count - coalesce(a.n, 0)),
             ('media_count', u.media_count - coalesce(a.media, 0)),
             ('like_count', u.like_count - coalesce(l.n, 0))) AS d(column_name, drift)),
         tweet_drift AS (
           SELECT t.id, d.column_name, d.drift
           FROM platform.tweets t
           LEFT JOIN likes l ON l.id = t.id LEFT JOIN retweets r ON r.id = t.id
           LEFT JOIN replies p ON p.id = t.id LEFT JOIN quotes q ON q.id = t.id
           CROSS JOIN LATERAL (VALUES
             ('like_count', t.like_count - coalesce(l.n, 0)),
             ('retweet_count', t.retweet_count - coalesce(r.n, 0)),
             ('reply_count', t.reply_count - coalesce(p.n, 0)),
             ('quote_count', t.quote_count - coalesce(q.n, 0))) AS d(column_name, drift))
    SELECT 'user ' || id || ' ' || column_name AS key, drift::int AS drift FROM user_drift WHERE drift <> 0
    UNION ALL
    SELECT 'tweet ' || id || ' ' || column_name, drift::int FROM tweet_drift WHERE drift <> 0`);
  return Object.fromEntries(rows.map((r) => [r.key, r.drift]));
}

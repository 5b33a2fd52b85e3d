import pg from 'pg';
import { SNOWFLAKE_EPOCH_MS } from '@/lib/platform/snowflake';
import { ACTIVITY_DAYS } from './scales';
import { dropSecondarySchema, restoreSecondarySchema } from './secondary-schema';

export type FollowerCrowdOptions = {
  url: string;
  /** The account that gets the followers (created when missing). Default `million`. */
  username?: string;
  /** How many followers; at most 4,000,000. Default 1,000,000. */
  count?: number;
  onStep?: (step: string) => void;
};

export type FollowerCrowd = { username: string; userId: string; followers: number; seeded: boolean; seconds: number };

// The crowd's user ids are snowflakes of one moment before the first seeded account
// (2010-11-06), with the follower's number as the sequence: they never meet a seeded or live id,
// and a rerun finds (and replaces) exactly the crowd of the last one.
const CROWD_MS = Date.UTC(2010, 10, 5);
const MAX_CROWD = 4_000_000;
const BASE = (BigInt(CROWD_MS - SNOWFLAKE_EPOCH_MS) << 22n).toString();
const LAST = (BigInt(CROWD_MS - SNOWFLAKE_EPOCH_MS) << 22n | 4_194_303n).toString();
const TABLES = ['platform.users', 'platform.follows'];
const DAY_MS = 86_400_000;

/**
 * Gives one account of the embedded platform `count` followers (the export benchmark's
 * 1,000,000), in SQL alone: generate_series inserts the followers (each following only that
 * account) and the follows, keys and indexes are built once afterwards, and the denormalised
 * counts (followers_count, following_count) match the rows. Follows are spread over the
 * platform's activity window in an order unrelated to the follower ids, so "newest follow first"
 * is a real keyset walk. Does nothing when the account already has exactly that crowd.
 */
export async function seedFollowerCrowd(options: FollowerCrowdOptions): Promise<FollowerCrowd> {
  const username = options.username ?? 'million';
  const count = options.count ?? 1_000_000;
  if (!Number.isInteger(count) || count < 1 || count > MAX_CROWD) throw new RangeError(`count must be 1..${MAX_CROWD}, got ${count}`);
  const started = Date.now();
  const client = new pg.Client({ connectionString: options.url, application_name: 'perch-seed-crowd' });
  await client.connect();
  try {
    const existing = await client.query<{ id: string; followers_count: number; follows: string }>(
      `SELECT u.id::text, u.followers_count, (SELECT count(*) FROM platform.follows f WHERE f.followee_id = u.id)::text AS follows
       FROM platform.users u WHERE lower(u.username) = lower($1) AND u.id = $2::bigint`,
      [username, BASE],
    );
    const found = existing.rows[0];
    if (found && found.followers_count === count && Number(found.follows) === count) {
      return { username, userId: found.id, followers: count, seeded: false, seconds: (Date.now() - started) / 1000 };
    }

    await client.query('BEGIN');
    await client.query(`SET LOCAL maintenance_work_mem = '512MB'`);
    await client.query('SET LOCAL synchronous_commit = off');
    await client.query('SET LOCAL statement_timeout = 0');
    options.onStep?.('removing an older crowd');
    // Cascades to the old crowd's follows (and to any follow, like or tweet a live run gave them).
    await client.query('DELETE FROM platform.users WHERE id BETWEEN $1::bigint AND $2::bigint', [BASE, LAST]);
    const saved = await dropSecondarySchema(client, TABLES);

    options.onStep?.(`inserting @${username} and ${count.toLocaleString('en-US')} followers`);
    await client.query(
      `INSERT INTO platform.users (id, username, name, description, location, country, created_at, followers_count, verified_type)
       VALUES ($1::bigint, $2, 'A Million Followers', 'The export benchmark''s account: everybody follows it.', 'Benchmark', 'US', $3, $4, 'none')`,
      [BASE, username, new Date(CROWD_MS), count],
    );
    // Profiles about as full as the seeded ones: a bio, a place, an avatar, a few counts.
    await client.query(
      `INSERT INTO platform.users (id, username, name, description, location, country, url, profile_image_url, created_at,
         followers_count, following_count, tweet_count, like_count, verified_type, is_blue_verified)
       SELECT $1::bigint + i, 'crowd_' || i, 'Crowd Member ' || i,
         'Follower number ' || i || ' of the export benchmark. Reads, writes, follows.',
         (ARRAY['Lisbon', 'Osaka', 'Toronto', 'Nairobi', 'Berlin'])[1 + i % 5], (ARRAY['PT', 'JP', 'CA', 'KE', 'DE'])[1 + i % 5],
         CASE WHEN i % 4 = 0 THEN 'https://example.com/crowd/' || i END,
         'https://media.perch.local/avatars/crowd_' || i || '.jpg',
         $2::timestamptz + (i % 100000) * interval '1 minute',
         0, 1, 0, 0, CASE WHEN i % 50 = 0 THEN 'blue' ELSE 'none' END, i % 50 = 0
       FROM generate_series(1, $3::int) AS i`,
      [BASE, new Date(Date.UTC(2012, 0, 1)), count],
    );
    // Follow i happened at a moment of the last ACTIVITY_DAYS days picked by i * step mod
    // (count + 1), a permutation when the prime step does not divide count + 1. The sequence
    // bits hold i, so ids stay unique whatever moments coincide.
    const windowStart = Math.floor(Date.now() / 3_600_000) * 3_600_000 - ACTIVITY_DAYS * DAY_MS;
    const span = ACTIVITY_DAYS * DAY_MS - 1000;
    const step = (count + 1) % 7919 === 0 ? 7907 : 7919;
    await client.query(
      `INSERT INTO platform.follows (id, follower_id, followee_id)
       SELECT ((($1::bigint + (((i::bigint * $2) % ($3 + 1)) * $4::bigint) / ($3 + 1)) - $5::bigint) << 22) | i,
              $6::bigint + i, $6::bigint
       FROM generate_series(1, $3::int) AS i`,
      [windowStart, step, count, span, SNOWFLAKE_EPOCH_MS, BASE],
    );
    options.onStep?.('building keys and indexes');
    await restoreSecondarySchema(client, saved, () => undefined);
    await client.query('COMMIT');
    // VACUUM (outside the transaction) sets the visibility map as well as the statistics:
    // without it the follower pages' plans estimate a few hundred rows per followee and, unable
    // to use an index-only scan, read all million follows and sort them for every page.
    options.onStep?.('vacuum and analyze');
    for (const table of TABLES) await client.query(`VACUUM (ANALYZE) ${table}`);
    return { username, userId: BASE, followers: count, seeded: true, seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

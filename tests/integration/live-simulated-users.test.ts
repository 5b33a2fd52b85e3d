import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccountDirectly } from '@/lib/admin/connect-account';
import { closePool } from '@/lib/db/pool';
import { createPlatformAccount } from '@/lib/oauth/platform-sign-up';
import { startLiveActivity } from '@/lib/platform/local/live-activity';
import { SIMULATED, TargetPicker } from '@/lib/platform/local/live/targets';
import { createTweet } from '@/lib/platform/local/write/create-tweet';
import { Rng } from '@/lib/platform/seed/prng';
import { createTestUser } from '../support/account-fixtures';

// The live simulator acts only as generated users: never as an account a person signed up on
// the platform, nor as a generated one a person connected, and it does not act on theirs.

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
afterAll(async () => {
  await pool.end();
  await closePool();
});

type Person = { id: string; username: string; tweetId: string };
let signedUp: Person;
let connectedSeeded: Person;

beforeAll(async () => {
  // A person signs up on the platform, posts once and connects the account to Perch.
  const created = await createPlatformAccount({ username: `p${crypto.randomBytes(5).toString('hex')}`, name: 'A Person', password: 'a-long-enough-password' });
  if (!created.ok) throw new Error(JSON.stringify(created.errors));
  await connectAccountDirectly(await createTestUser('live-person'), created.username);
  signedUp = { id: created.userId, username: created.username, tweetId: await createTweet({ authorId: created.userId, text: 'my own words, nobody else’s' }) };

  // Another person connects the most followed generated user: the one the simulator would
  // otherwise pick most (it posts more, and is followed and mentioned more, than anyone).
  const { rows } = await pool.query<{ id: string; username: string }>(
    `SELECT u.id::text, u.username FROM platform.users u WHERE ${SIMULATED} ORDER BY followers_count DESC, id DESC LIMIT 1`,
  );
  await connectAccountDirectly(await createTestUser('live-seeded'), rows[0].username);
  connectedSeeded = { ...rows[0], tweetId: await createTweet({ authorId: rows[0].id, text: 'posted by the person who connected this account' }) };
});

/** Everything done as, or to, a user since `sinceTweetId` (likes and follows: since `sinceId`). */
async function activityOf(person: Person, sinceId: string): Promise<Record<string, number>> {
  const { rows } = await pool.query<Record<string, number>>(
    `SELECT
       (SELECT count(*)::int FROM platform.tweets WHERE author_id = $1 AND id > $2) AS tweets,
       (SELECT count(*)::int FROM platform.likes WHERE user_id = $1 AND id > $2) AS likes,
       (SELECT count(*)::int FROM platform.follows WHERE follower_id = $1 AND id > $2) AS follows,
       (SELECT count(*)::int FROM platform.follows WHERE followee_id = $1 AND id > $2) AS followed_by,
       (SELECT count(*)::int FROM platform.likes WHERE tweet_id = $3 AND id > $2) AS likes_received,
       (SELECT count(*)::int FROM platform.tweets WHERE id > $2 AND (in_reply_to_tweet_id = $3 OR quoted_tweet_id = $3 OR retweeted_tweet_id = $3)) AS replies_quotes_retweets,
       (SELECT count(*)::int FROM platform.tweet_mentions WHERE user_id = $1 AND tweet_id > $2) AS mentions`,
    [person.id, sinceId, person.tweetId],
  );
  return rows[0];
}

describe('live activity and people', () => {
  it('never acts as, nor on, a signed-up or connected account, at a high rate', { timeout: 300_000 }, async () => {
    const { rows } = await pool.query<{ max_tweet: string; max_like: string; max_follow: string }>(
      `SELECT (SELECT max(id)::text FROM platform.tweets) AS max_tweet, (SELECT coalesce(max(id), 0)::text FROM platform.likes) AS max_like,
              (SELECT coalesce(max(id), 0)::text FROM platform.follows) AS max_follow`,
    );
    const since = [rows[0].max_tweet, rows[0].max_like, rows[0].max_follow].reduce((a, b) => (BigInt(a) > BigInt(b) ? a : b));
    const live = startLiveActivity({ ratePerSecond: 300, seed: 11 });
    // Wait for activity, not for time: enough events that the old picker would have hit both.
    // The deadline only stops a stuck run; on a loaded machine the events take their time.
    const deadline = Date.now() + 240_000;
    let events = 0;
    while (events < 600 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const counted = await pool.query<{ n: number }>(
        `SELECT ((SELECT count(*) FROM platform.tweets WHERE id > $1) + (SELECT count(*) FROM platform.likes WHERE id > $1)
                 + (SELECT count(*) FROM platform.follows WHERE id > $1))::int AS n`,
        [since],
      );
      events = counted.rows[0].n;
    }
    await live.stop();
    expect(events).toBeGreaterThanOrEqual(600);

    const none = { tweets: 0, likes: 0, follows: 0, followed_by: 0, likes_received: 0, replies_quotes_retweets: 0, mentions: 0 };
    expect(await activityOf(signedUp, since)).toEqual(none);
    expect(await activityOf(connectedSeeded, since)).toEqual(none);
  });

  it('picks any user uniformly over the simulated ones (chi-square bound, fixed seed)', async () => {
    const picker = new TargetPicker(new Rng(20261123));
    expect(await picker.refresh()).toBe('ready');
    const { rows: eligible } = await pool.query<{ id: string }>(`SELECT u.id::text FROM platform.users u WHERE ${SIMULATED}`);
    const counts = new Map(eligible.map((u) => [u.id, 0]));
    const picks = eligible.length * 25;
    for (let done = 0; done < picks; done += 25) {
      const batch = await Promise.all(Array.from({ length: 25 }, () => picker.anyUser()));
      for (const user of batch) {
        expect(user).toBeDefined();
        expect(counts.has(user!.id), `picked ${user!.username}, who is not simulated`).toBe(true);
        counts.set(user!.id, counts.get(user!.id)! + 1);
      }
    }
    const expected = picks / eligible.length;
    const chiSquare = [...counts.values()].reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
    const degrees = eligible.length - 1;
    // Mean df, standard deviation sqrt(2 df): six of them is far beyond chance, and far below
    // what the old "first id at or after a random id" pick scored on time-ordered ids.
    expect(chiSquare).toBeLessThan(degrees + 6 * Math.sqrt(2 * degrees));
    expect(Math.max(...counts.values())).toBeLessThan(expected * 3);
  });
});

import { getPool } from '@/lib/db/pool';
import type { Rng } from '@/lib/platform/seed/prng';

export type LiveUser = { id: string; username: string; country: string | null };
export type LiveTweet = { id: string; authorId: string; authorUsername: string; engagement: number };

/** Whether the platform can take live activity now. */
export type PlatformState = 'ready' | 'no-users' | 'seeding';

const POOL_SIZE = 200;
const RECENT_SIZE = 500;
// Uniform draws of a simulated user's number per pick; a draw that lands on a user a person
// connected is thrown away (rejection sampling keeps the pick uniform over the others).
const DRAWS_PER_PICK = 16;

/**
 * Who the simulator may act as and act on: users the seed generated (they carry a number,
 * sim_seq) that no Perch account has connected. People who signed up on the platform have no
 * number; a connected generated user belongs to a person from then on.
 */
export const SIMULATED = `u.sim_seq IS NOT NULL AND NOT EXISTS (SELECT 1 FROM platform_connections c WHERE c.platform_user_id = u.id::text)`;

/**
 * Picks who acts and what they act on, biased toward popular users and engaging, recent
 * tweets the way attention is, and only among simulated users (SIMULATED): activity never
 * acts as, nor lands on, an account a person signed up or connected. Every query is an index
 * lookup or a short index scan, so picking costs the same on the test platform and on the
 * 1M-tweet one; random() over a table never runs.
 */
export class TargetPicker {
  /** Simulated users are numbered 1..simulatedUsers. */
  private simulatedUsers = 0;
  private tweetIds: [bigint, bigint] | null = null;
  private popularUsers: LiveUser[] = [];
  private popularTweets: LiveTweet[] = [];
  private recentTweets: LiveTweet[] = [];

  constructor(private readonly rng: Rng) {}

  /** Reloads the id ranges and the popular and recent pools; says whether activity can go on. */
  async refresh(): Promise<PlatformState> {
    const pool = getPool();
    const { rows } = await pool.query<{ seed_status: string | null; simulated: number | null; tweet_min: string | null; tweet_max: string | null }>(
      `SELECT (SELECT status FROM platform.seed_state) AS seed_status,
              (SELECT max(sim_seq) FROM platform.users) AS simulated,
              (SELECT min(id) FROM platform.tweets) AS tweet_min, (SELECT max(id) FROM platform.tweets) AS tweet_max`,
    );
    const bounds = rows[0];
    // The generator writes counts in bulk at the end of a run: live writes before then would be lost or double counted.
    if (bounds.seed_status === 'running') return 'seeding';
    if (bounds.simulated === null) return 'no-users';
    this.simulatedUsers = bounds.simulated;
    this.tweetIds = bounds.tweet_min === null || bounds.tweet_max === null ? null : [BigInt(bounds.tweet_min), BigInt(bounds.tweet_max)];
    const [popularUsers, popularTweets, recentTweets] = await Promise.all([
      pool.query<LiveUser>(`SELECT id, username, country FROM platform.users u WHERE ${SIMULATED} ORDER BY followers_count DESC, id DESC LIMIT $1`, [POOL_SIZE]),
      pool.query<LiveTweet>(
        `SELECT t.id, t.author_id AS "authorId", u.username AS "authorUsername", t.engagement
         FROM platform.tweets t JOIN platform.users u ON u.id = t.author_id
         WHERE t.retweeted_tweet_id IS NULL AND ${SIMULATED} ORDER BY t.engagement DESC, t.id DESC LIMIT $1`,
        [POOL_SIZE],
      ),
      pool.query<LiveTweet>(
        `SELECT t.id, t.author_id AS "authorId", u.username AS "authorUsername", t.engagement
         FROM platform.tweets t JOIN platform.users u ON u.id = t.author_id
         WHERE t.retweeted_tweet_id IS NULL AND ${SIMULATED} ORDER BY t.id DESC LIMIT $1`,
        [RECENT_SIZE],
      ),
    ]);
    this.popularUsers = popularUsers.rows;
    this.popularTweets = popularTweets.rows;
    this.recentTweets = recentTweets.rows;
    return 'ready';
  }

  /**
   * Any simulated user, uniformly: independent uniform numbers in 1..N, the first that names
   * a user still simulated wins. (Ids are time-ordered with gaps, so "first id at or after a
   * random id" would favour whoever follows a long gap, such as the first account made after
   * the seed.)
   */
  async anyUser(): Promise<LiveUser | undefined> {
    if (this.simulatedUsers === 0) return undefined;
    const draws = Array.from({ length: DRAWS_PER_PICK }, () => 1 + Math.floor(this.rng.next() * this.simulatedUsers));
    const { rows } = await getPool().query<LiveUser>({
      name: 'live_user_by_number',
      text: `SELECT id, username, country FROM platform.users u
             WHERE u.sim_seq = ANY($1::int[]) AND ${SIMULATED}
             ORDER BY array_position($1::int[], u.sim_seq) LIMIT 1`,
      values: [draws],
    });
    return rows[0];
  }

  /** A user who posts: popular accounts post more than their share. */
  async author(): Promise<LiveUser | undefined> {
    return this.rng.chance(0.2) && this.popularUsers.length > 0 ? this.stillSimulated(this.rng.pickSkewed(this.popularUsers)) : this.anyUser();
  }

  /** A user to follow or mention, skewed toward those already followed most. */
  async popularUser(): Promise<LiveUser | undefined> {
    return this.rng.chance(0.6) && this.popularUsers.length > 0 ? this.stillSimulated(this.rng.pickSkewed(this.popularUsers, 3)) : this.anyUser();
  }

  /** A tweet to like, retweet, reply to or quote: mostly recent ones with engagement, some all-time hits, some anything. */
  async tweet(): Promise<LiveTweet | undefined> {
    const roll = this.rng.next();
    if (roll < 0.5 && this.recentTweets.length > 0) {
      // The best of three recent tweets: engagement attracts engagement.
      const draws = [0, 1, 2].map(() => this.rng.pick(this.recentTweets));
      return draws.reduce((best, t) => (t.engagement > best.engagement ? t : best));
    }
    if (roll < 0.8 && this.popularTweets.length > 0) return this.rng.pickSkewed(this.popularTweets, 3);
    return this.anyTweet();
  }

  /** Makes a tweet posted by the simulator a candidate target at once, so threads grow on live tweets. */
  remember(tweet: LiveTweet): void {
    this.recentTweets.unshift(tweet);
    if (this.recentTweets.length > RECENT_SIZE) this.recentTweets.pop();
  }

  /**
   * A pooled user, unless a person connected it since the pool was loaded: the pool is
   * minutes old at most, a connection counts from the moment it is made.
   */
  private async stillSimulated(user: LiveUser): Promise<LiveUser | undefined> {
    const { rows } = await getPool().query({ name: 'live_user_still_simulated', text: `SELECT 1 FROM platform.users u WHERE u.id = $1 AND ${SIMULATED}`, values: [user.id] });
    return rows.length > 0 ? user : undefined;
  }

  private async anyTweet(): Promise<LiveTweet | undefined> {
    if (!this.tweetIds) return undefined;
    const { rows } = await getPool().query<LiveTweet>({
      name: 'live_tweet_at',
      text: `SELECT t.id, t.author_id AS "authorId", u.username AS "authorUsername", t.engagement
             FROM platform.tweets t JOIN platform.users u ON u.id = t.author_id
             WHERE t.id >= $1 AND t.retweeted_tweet_id IS NULL AND ${SIMULATED} ORDER BY t.id LIMIT 1`,
      values: [this.randomIdIn(this.tweetIds)],
    });
    return rows[0];
  }

  private randomIdIn([min, max]: [bigint, bigint]): string {
    const span = max - min;
    // A double's 53 bits are plenty to land anywhere in the range of live ids.
    return (min + BigInt(Math.floor(this.rng.next() * Number(span)))).toString();
  }
}

import { describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { localPlatform as platform } from '@/lib/platform/local';
import type { Page, Tweet, TweetPageRequest, TweetSort } from '@/lib/platform/types';
import { useReadFixture } from '../support/platform-read-fixture';
import { TWEET_SORTS, tweetSortSql, walkPages } from '../support/walk-pages';

const fx = useReadFixture();
const pool = () => getPool();

type Timeline = (username: string, page: TweetPageRequest) => Promise<Page<Tweet>>;

// Each timeline as plain SQL over the same tables: the reference the paged reads must match.
const TIMELINES: Array<{ name: string; read: Timeline; where: string; from?: string }> = [
  { name: 'getUserTweets', read: platform.getUserTweets, where: 't.author_id = $1 AND t.in_reply_to_tweet_id IS NULL' },
  { name: 'getUserReplies', read: platform.getUserReplies, where: 't.author_id = $1' },
  { name: 'getUserMedia', read: platform.getUserMedia, where: 't.author_id = $1 AND jsonb_array_length(t.media) > 0' },
  { name: 'getUserMentions', read: platform.getUserMentions, where: 't.id IN (SELECT tweet_id FROM platform.tweet_mentions WHERE user_id = $1)' },
];

async function expected(where: string, userId: string, sort: TweetSort): Promise<string[]> {
  const { rows } = await pool().query<{ id: string }>(`SELECT t.id::text AS id FROM platform.tweets t WHERE ${where} ORDER BY ${tweetSortSql(sort)}`, [userId]);
  return rows.map((r) => r.id);
}

describe.each(TIMELINES)('$name', ({ read, where }) => {
  it.each(TWEET_SORTS)('pages through every tweet exactly once in %s order', async (sort) => {
    const want = await expected(where, fx.users.rdx_Alice, sort);
    expect(want.length).toBeGreaterThan(2);
    const got = await walkPages(2, (after) => read('@RDX_alice', { count: 2, after, sort }));
    expect(got.map((t) => t.id)).toEqual(want);
  });

  it('returns one page holding everything when count covers it, with no next', async () => {
    const want = await expected(where, fx.users.rdx_Alice, 'latest');
    const page = await read('rdx_alice', { count: 1000 });
    expect(page.items.map((t) => t.id)).toEqual(want);
    expect(page.next).toBeNull();
  });

  it('returns an empty page for a user without such tweets, and 404s an unknown user', async () => {
    const page = await read('rdx_f29', { count: 20 });
    expect(page).toEqual({ items: [], next: null });
    await expect(read('rdx_nobody_here', { count: 20 })).rejects.toMatchObject({ kind: 'user' });
  });
});

describe('timeline contents', () => {
  it('getUserTweets holds own tweets and retweets but no replies', async () => {
    const items = (await platform.getUserTweets('rdx_alice', { count: 1000 })).items;
    expect(items.every((t) => t.author_id === fx.users.rdx_Alice && !t.is_reply)).toBe(true);
    expect(items.map((t) => t.id)).toContain(fx.tweets.A3);
    expect(items.map((t) => t.id)).not.toContain(fx.tweets.A2);
  });

  it('getUserReplies holds replies too', async () => {
    const ids = (await platform.getUserReplies('rdx_alice', { count: 1000 })).items.map((t) => t.id);
    expect(ids).toEqual(expect.arrayContaining([fx.tweets.A2, fx.tweets.A3, fx.tweets.A1]));
  });

  it('getUserMedia holds only tweets with media', async () => {
    const items = (await platform.getUserMedia('rdx_alice', { count: 1000 })).items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((t) => t.media.length > 0)).toBe(true);
  });

  it('getUserMentions holds the tweets of others naming the user', async () => {
    const ids = (await platform.getUserMentions('rdx_alice', { count: 1000 })).items.map((t) => t.id);
    expect(ids).toEqual([fx.tweets.M1, fx.tweets.C3, fx.tweets.C1].filter((id) => ids.includes(id)));
    expect(ids).toEqual(expect.arrayContaining([fx.tweets.M1, fx.tweets.C3, fx.tweets.C1]));
  });

  it('sorts popular by likes and engagement by likes + retweets + replies + quotes, ties by newest', async () => {
    const popular = (await platform.getUserTweets('rdx_alice', { count: 1000, sort: 'popular' })).items;
    for (let i = 1; i < popular.length; i++) {
      // An unknown (null) count ranks lowest; the embedded platform always counts.
      const [a, b] = [popular[i - 1].like_count ?? -1, popular[i].like_count ?? -1];
      expect(a > b || (a === b && BigInt(popular[i - 1].id) > BigInt(popular[i].id))).toBe(true);
    }
    const engagement = (await platform.getUserTweets('rdx_alice', { count: 1000, sort: 'engagement' })).items;
    // An unknown count adds nothing to the sum.
    const score = (t: Tweet) => (t.like_count ?? 0) + (t.retweet_count ?? 0) + (t.reply_count ?? 0) + (t.quote_count ?? 0);
    for (let i = 1; i < engagement.length; i++) {
      const [a, b] = [engagement[i - 1], engagement[i]];
      expect(score(a) > score(b) || (score(a) === score(b) && BigInt(a.id) > BigInt(b.id))).toBe(true);
    }
  });
});

describe('on generated data', () => {
  it('pages the timeline of the most prolific author in every sort as one query would', async () => {
    const { rows } = await pool().query<{ username: string; id: string }>(
      `SELECT u.username, u.id::text AS id FROM platform.users u JOIN platform.tweets t ON t.author_id = u.id
       GROUP BY u.id ORDER BY count(*) DESC, u.id LIMIT 1`,
    );
    const author = rows[0];
    for (const sort of TWEET_SORTS) {
      const want = await expected('t.author_id = $1', author.id, sort);
      const got = await walkPages(25, (after) => platform.getUserReplies(author.username, { count: 25, after, sort }));
      expect(got.map((t) => t.id)).toEqual(want);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { localPlatform as platform } from '@/lib/platform/local';
import { useReadFixture } from '../support/platform-read-fixture';

const fx = useReadFixture();
const pool = () => getPool();

describe('checkFollow', () => {
  it.each([
    ['rdx_Alice', 'rdx_bob', true, true],
    ['rdx_Alice', 'rdx_carol', true, false],
    ['rdx_carol', 'rdx_Alice', false, true],
    ['rdx_dave', 'rdx_Alice', false, false],
  ])('%s → %s: following %s, followed_by %s', async (source, target, following, followedBy) => {
    const got = await platform.checkFollow(`@${source.toUpperCase()}`, target.toLowerCase());
    expect(got).toEqual({
      source: { id: fx.users[source], username: source },
      target: { id: fx.users[target], username: target },
      following,
      followed_by: followedBy,
    });
  });

  it('agrees with the follows table for every pair of a sample', async () => {
    const names = ['rdx_Alice', 'rdx_bob', 'rdx_carol', 'rdx_f00', 'rdx_alicia'];
    const { rows } = await pool().query<{ a: string; b: string }>('SELECT follower_id::text AS a, followee_id::text AS b FROM platform.follows WHERE follower_id = ANY($1::bigint[])', [
      names.map((n) => fx.users[n]),
    ]);
    const edges = new Set(rows.map((r) => `${r.a}>${r.b}`));
    for (const a of names) {
      for (const b of names) {
        const got = await platform.checkFollow(a, b);
        expect(got.following).toBe(edges.has(`${fx.users[a]}>${fx.users[b]}`));
        expect(got.followed_by).toBe(edges.has(`${fx.users[b]}>${fx.users[a]}`));
      }
    }
  });

  it('404s an unknown user on either side', async () => {
    await expect(platform.checkFollow('rdx_nobody_here', 'rdx_bob')).rejects.toMatchObject({ kind: 'user' });
    await expect(platform.checkFollow('rdx_bob', 'rdx_nobody_here')).rejects.toMatchObject({ kind: 'user' });
  });
});

describe('checkRetweet', () => {
  it('reports a retweet with its time and the user\'s quotes of the tweet', async () => {
    const { rows } = await pool().query<{ created_at: Date }>('SELECT created_at FROM platform.tweets WHERE id = $1', [fx.tweets.A3]);
    expect(await platform.checkRetweet(fx.tweets.B1, 'RDX_alice')).toEqual({
      tweet_id: fx.tweets.B1,
      user: { id: fx.users.rdx_Alice, username: 'rdx_Alice' },
      retweeted: true,
      retweeted_at: rows[0].created_at.toISOString(),
      quoted: true,
      quote_tweet_ids: [fx.tweets.A10],
    });
  });

  it('reports quotes without a retweet, and neither', async () => {
    expect(await platform.checkRetweet(fx.tweets.C2, 'rdx_bob')).toMatchObject({ retweeted: false, retweeted_at: null, quoted: true, quote_tweet_ids: [fx.tweets.B5] });
    expect(await platform.checkRetweet(fx.tweets.B1, 'rdx_carol')).toMatchObject({ retweeted: false, retweeted_at: null, quoted: false, quote_tweet_ids: [] });
  });

  it('404s an unknown tweet or user', async () => {
    await expect(platform.checkRetweet('1', 'rdx_bob')).rejects.toMatchObject({ kind: 'tweet' });
    await expect(platform.checkRetweet(fx.tweets.B1, 'rdx_nobody_here')).rejects.toMatchObject({ kind: 'user' });
  });
});

describe('checkLike', () => {
  it('reports a like with the moment its id was made', async () => {
    const { rows } = await pool().query<{ at: Date }>('SELECT platform.snowflake_time(id) AS at FROM platform.likes WHERE user_id = $1 AND tweet_id = $2', [
      fx.users.rdx_f00,
      fx.tweets.A1,
    ]);
    expect(await platform.checkLike(fx.tweets.A1, '@rdx_F00')).toEqual({
      tweet_id: fx.tweets.A1,
      user: { id: fx.users.rdx_f00, username: 'rdx_f00' },
      liked: true,
      liked_at: rows[0].at.toISOString(),
    });
  });

  it('reports no like as liked false with liked_at null', async () => {
    expect(await platform.checkLike(fx.tweets.A1, 'rdx_carol')).toMatchObject({ liked: false, liked_at: null });
  });

  it('404s an unknown tweet or user', async () => {
    await expect(platform.checkLike('1', 'rdx_bob')).rejects.toMatchObject({ kind: 'tweet' });
    await expect(platform.checkLike(fx.tweets.A1, 'rdx_nobody_here')).rejects.toMatchObject({ kind: 'user' });
  });
});

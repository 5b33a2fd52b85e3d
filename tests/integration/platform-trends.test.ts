import { describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { COUNTRIES } from '@/lib/platform/countries';
import { localPlatform as platform } from '@/lib/platform/local';
import { TrendSchema } from '@/lib/platform/records';
import { snowflakeAt } from '@/lib/platform/snowflake';
import type { Trend } from '@/lib/platform/types';
import { useReadFixture } from '../support/platform-read-fixture';

const fx = useReadFixture();
const pool = () => getPool();

/** The reference: hashtag counts in the 24 hours up to the newest tweet, as one plain query. */
async function reference(country: string | null, count: number): Promise<{ asOf: string; trends: Trend[] }> {
  const { rows: newest } = await pool().query<{ created_at: Date }>('SELECT created_at FROM platform.tweets ORDER BY created_at DESC LIMIT 1');
  const asOf = newest[0].created_at;
  const { rows } = await pool().query<{ tag: string; n: number }>(
    `SELECT tag, count(*)::int AS n FROM platform.tweet_hashtags
     WHERE created_at > $1::timestamptz - interval '1 day' AND created_at <= $1 AND ($2::text IS NULL OR country = $2)
     GROUP BY tag ORDER BY n DESC, tag LIMIT $3`,
    [asOf, country, count],
  );
  return { asOf: asOf.toISOString(), trends: rows.map((r, i) => ({ rank: i + 1, name: `#${r.tag}`, query: `#${r.tag}`, tweet_count: r.n })) };
}

describe('getTrending', () => {
  it.each([
    ['United States', 'US'],
    ['Japan', 'JP'],
    ['United Kingdom', 'GB'],
  ])('counts the hashtags of %s over the last 24 hours of data', async (name, code) => {
    const want = await reference(code, 50);
    const got = await platform.getTrending({ country: name, count: 50 });
    expect(got).toEqual({ country: name, woeid: COUNTRIES.find((c) => c.code === code)!.woeid, as_of: want.asOf, trends: want.trends });
    for (const trend of got.trends) TrendSchema.strict().parse(trend);
  });

  it('counts every country for Worldwide, the default', async () => {
    const want = await reference(null, 20);
    expect(await platform.getTrending({})).toEqual({ country: 'Worldwide', woeid: 1, as_of: want.asOf, trends: want.trends });
    expect(await platform.getTrending({ country: 'ww' })).toEqual(await platform.getTrending({ country: 'Worldwide' }));
  });

  it('gives different trends per country', async () => {
    const us = (await platform.getTrending({ country: 'US', count: 50 })).trends.map((t) => t.name);
    const jp = (await platform.getTrending({ country: 'JP', count: 50 })).trends.map((t) => t.name);
    expect(us.length).toBeGreaterThan(0);
    expect(jp.length).toBeGreaterThan(0);
    expect(us).not.toEqual(jp);
  });

  it('accepts alpha-2 codes and names in any case', async () => {
    const byName = await platform.getTrending({ country: 'Japan', count: 10 });
    expect(await platform.getTrending({ country: 'jp', count: 10 })).toEqual(byName);
    expect(await platform.getTrending({ country: ' JAPAN ', count: 10 })).toEqual(byName);
  });

  it('leaves out hashtags older than the window', async () => {
    const us = (await platform.getTrending({ country: 'US', count: 50 })).trends.map((t) => t.name);
    expect(us).not.toContain('#rdxold');
    const { rows } = await pool().query(`SELECT 1 FROM platform.tweet_hashtags WHERE tag = 'rdxold'`);
    expect(rows).toHaveLength(1);
  });

  it('slides the window with the newest tweet, not with the clock', async () => {
    const future = Date.now() + 20 * 3_600_000;
    const id = snowflakeAt(future, 0x3ff000 + 4000).toString();
    await pool().query(
      `INSERT INTO platform.tweets (id, author_id, text, created_at, conversation_id) VALUES ($1, $2, '#rdxfuture', $3, $1)`,
      [id, fx.users.rdx_dave, new Date(future)],
    );
    await pool().query(`INSERT INTO platform.tweet_hashtags (tag, tweet_id, country, created_at) VALUES ('rdxfuture', $1, 'JP', $2)`, [id, new Date(future)]);
    try {
      const got = await platform.getTrending({ country: 'JP', count: 50 });
      const want = await reference('JP', 50);
      expect(got.as_of).toBe(new Date(future).toISOString());
      expect(got.trends).toEqual(want.trends);
      // The fixture's sushi tweets were 4h05 and 3h20 before now: only the later one is still in the window.
      expect(got.trends.find((t) => t.name === '#rdxsushi')?.tweet_count).toBe(1);
      expect(got.trends.map((t) => t.name)).toContain('#rdxfuture');
    } finally {
      await pool().query('DELETE FROM platform.tweets WHERE id = $1', [id]);
    }
  });

  it('limits to count and ranks from 1', async () => {
    const got = await platform.getTrending({ country: 'US', count: 1 });
    expect(got.trends).toHaveLength(1);
    expect(got.trends[0].rank).toBe(1);
  });

  it('rejects unknown countries and counts outside 1..50', async () => {
    await expect(platform.getTrending({ country: 'Atlantis' })).rejects.toMatchObject({ name: 'InvalidInputError', path: 'country' });
    await expect(platform.getTrending({ count: 51 })).rejects.toMatchObject({ name: 'InvalidInputError', path: 'count' });
    await expect(platform.getTrending({ count: 0 })).rejects.toMatchObject({ name: 'InvalidInputError', path: 'count' });
  });
});

import { describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { localPlatform as platform } from '@/lib/platform/local';
import type { TweetSearchRequest, TweetSort } from '@/lib/platform/types';
import { useReadFixture } from '../support/platform-read-fixture';
import { TWEET_SORTS, USER_SORTS, tweetSortSql, walkPages } from '../support/walk-pages';

const fx = useReadFixture();
const pool = () => getPool();

const uid = (username: string) => `(SELECT id FROM platform.users WHERE lower(username) = '${username.toLowerCase()}')`;
const words = (q: string) => `t.search_doc @@ websearch_to_tsquery('simple', '${q}')`;
const NO_RETWEETS = 't.retweeted_tweet_id IS NULL';

/** The reference: the same search written by hand as one SQL query. */
async function reference(conditions: string[], sort: TweetSort = 'latest'): Promise<string[]> {
  const { rows } = await pool().query<{ id: string }>(`SELECT t.id::text AS id FROM platform.tweets t WHERE ${conditions.join(' AND ')} ORDER BY ${tweetSortSql(sort)}`);
  return rows.map((r) => r.id);
}

async function search(request: Omit<TweetSearchRequest, 'count'> & { count?: number }): Promise<string[]> {
  const page = await platform.searchTweets({ count: 1000, ...request });
  expect(page.next).toBeNull();
  return page.items.map((t) => t.id);
}

const today = () => new Date().toISOString().slice(0, 10);

describe('searchTweets operators', () => {
  const cases: Array<[string, () => string[]]> = [
    ['qzanzibar', () => [words('qzanzibar'), NO_RETWEETS]],
    ['"spice market"', () => [words('"spice market"'), NO_RETWEETS]],
    ['spice -market', () => [words('spice -market'), NO_RETWEETS]],
    ['beaches OR reunion', () => [words('beaches OR reunion'), NO_RETWEETS]],
    ['from:rdx_alice qzanzibar', () => [words('qzanzibar'), `t.author_id = ${uid('rdx_alice')}`, NO_RETWEETS]],
    ['-from:rdx_alice qzanzibar', () => [words('qzanzibar'), `t.author_id <> ${uid('rdx_alice')}`, NO_RETWEETS]],
    ['to:@RDX_Alice', () => [`t.in_reply_to_user_id = ${uid('rdx_alice')}`, NO_RETWEETS]],
    ['qzanzibar -to:rdx_alice', () => [words('qzanzibar'), `t.in_reply_to_user_id IS DISTINCT FROM ${uid('rdx_alice')}`, NO_RETWEETS]],
    ['#rdxtea', () => [`t.id IN (SELECT tweet_id FROM platform.tweet_hashtags WHERE tag = 'rdxtea')`, NO_RETWEETS]],
    ['#RDXsushi #rdxramen', () => [`t.id IN (SELECT tweet_id FROM platform.tweet_hashtags WHERE tag = 'rdxsushi')`, `t.id IN (SELECT tweet_id FROM platform.tweet_hashtags WHERE tag = 'rdxramen')`, NO_RETWEETS]],
    ['#rdxsushi -#rdxramen', () => [`t.id IN (SELECT tweet_id FROM platform.tweet_hashtags WHERE tag = 'rdxsushi')`, `t.id NOT IN (SELECT tweet_id FROM platform.tweet_hashtags WHERE tag = 'rdxramen')`, NO_RETWEETS]],
    ['@rdx_alice', () => [`t.id IN (SELECT tweet_id FROM platform.tweet_mentions WHERE user_id = ${uid('rdx_alice')})`, NO_RETWEETS]],
    ['@rdx_alice -@rdx_bob qzanzibar', () => [words('qzanzibar'), `t.id IN (SELECT tweet_id FROM platform.tweet_mentions WHERE user_id = ${uid('rdx_alice')})`, `t.id NOT IN (SELECT tweet_id FROM platform.tweet_mentions WHERE user_id = ${uid('rdx_bob')})`, NO_RETWEETS]],
    ['qzanzibar lang:es', () => [words('qzanzibar'), `t.lang = 'es'`, NO_RETWEETS]],
    ['qzanzibar -lang:es', () => [words('qzanzibar'), `t.lang IS DISTINCT FROM 'es'`, NO_RETWEETS]],
    ['qzanzibar since:TODAY', () => [words('qzanzibar'), `t.created_at >= '${today()}T00:00:00Z'`, NO_RETWEETS]],
    ['qzanzibar until:TODAY', () => [words('qzanzibar'), `t.created_at < '${today()}T00:00:00Z'`, NO_RETWEETS]],
    ['from:rdx_nobody_here qzanzibar', () => ['false']],
  ];

  it.each(cases)('%s matches the same tweets as plain SQL', async (query, conditions) => {
    const want = await reference(conditions());
    const got = await search({ query: query.replace('TODAY', today()) });
    expect(got).toEqual(want);
  });

  it('each operator narrows the fixture as expected', async () => {
    const t = fx.tweets;
    expect(await search({ query: '"spice market"' })).toContain(t.A6);
    expect(await search({ query: '"spice market"' })).not.toContain(t.A7);
    expect(await search({ query: 'spice -market' })).toEqual(expect.arrayContaining([t.A7]));
    expect(await search({ query: 'spice -market' })).not.toContain(t.A6);
    expect(await search({ query: 'from:rdx_alice qzanzibar' })).toEqual([t.A7, t.A6]);
    expect(await search({ query: 'to:rdx_alice qzanzibar' })).toEqual([t.C3]);
    expect(await search({ query: '@rdx_alice qzanzibar' })).toEqual([t.M1, t.C3]);
    expect(await search({ query: 'qzanzibar lang:es' })).toEqual([t.L1]);
    expect(await search({ query: `qzanzibar until:${today()}` })).toContain(t.OLD);
    expect(await search({ query: `qzanzibar since:${today()}` })).not.toContain(t.OLD);
    expect(await search({ query: '#rdxsushi #rdxramen' })).toEqual([t.D1]);
  });
});

describe('searchTweets filters', () => {
  it('excludes retweets by default and includes them on request', async () => {
    expect(await search({ query: 'building house' })).toEqual(await reference([words('building house'), NO_RETWEETS]));
    const withRetweets = await search({ query: 'building house', include_retweets: true });
    expect(withRetweets).toEqual(await reference([words('building house')]));
    expect(withRetweets).toContain(fx.tweets.A3);
  });

  it('includes replies by default and excludes them on request', async () => {
    const all = await search({ query: 'qzanzibar' });
    const noReplies = await search({ query: 'qzanzibar', include_replies: false });
    expect(all).toContain(fx.tweets.C3);
    expect(noReplies).toEqual(await reference([words('qzanzibar'), NO_RETWEETS, 't.in_reply_to_tweet_id IS NULL']));
    expect(noReplies).not.toContain(fx.tweets.C3);
  });

  it('filters by lang, min_likes and min_retweets', async () => {
    expect(await search({ query: 'qzanzibar', lang: 'ES' })).toEqual(await reference([words('qzanzibar'), NO_RETWEETS, `t.lang = 'es'`]));
    expect(await search({ query: 'qzanzibar', min_likes: 6 })).toEqual(await reference([words('qzanzibar'), NO_RETWEETS, 't.like_count >= 6']));
    expect(await search({ query: 'qzanzibar', min_retweets: 3 })).toEqual(await reference([words('qzanzibar'), NO_RETWEETS, 't.retweet_count >= 3']));
    expect(await search({ query: 'qzanzibar', min_retweets: 3 })).toEqual([fx.tweets.B3, fx.tweets.A6]);
  });

  it.each(TWEET_SORTS)('pages a search exactly once in %s order', async (sort) => {
    const want = await reference([`(${words('qzanzibar OR tea OR rdxsushi')})`, NO_RETWEETS], sort);
    expect(want.length).toBeGreaterThan(10);
    const got = await walkPages(4, (after) => platform.searchTweets({ query: 'qzanzibar OR tea OR rdxsushi', count: 4, after, sort }));
    expect(got.map((t) => t.id)).toEqual(want);
  });

  it.each(TWEET_SORTS)('pages a hashtag search (driven by tweet_hashtags) exactly once in %s order', async (sort) => {
    const want = await reference([`t.id IN (SELECT tweet_id FROM platform.tweet_hashtags WHERE tag = 'rdxtea')`, NO_RETWEETS], sort);
    const got = await walkPages(3, (after) => platform.searchTweets({ query: '#rdxtea', count: 3, after, sort }));
    expect(got.map((t) => t.id)).toEqual(want);
  });

  it('rejects queries with nothing to search and bad operators', async () => {
    await expect(platform.searchTweets({ query: '!!!', count: 5 })).rejects.toMatchObject({ name: 'InvalidInputError', path: 'query' });
    await expect(platform.searchTweets({ query: 'since:2024-02-31', count: 5 })).rejects.toMatchObject({ name: 'InvalidInputError' });
    await expect(platform.searchTweets({ query: 'x', min_likes: -1, count: 5 })).rejects.toMatchObject({ name: 'InvalidInputError', path: 'min_likes' });
  });
});

describe('searchUsers', () => {
  const userMatch = (q: string) =>
    `(lower(u.username) LIKE '%${q}%' OR lower(u.name) LIKE '%${q}%' OR u.search_doc @@ websearch_to_tsquery('simple', '${q}'))`;

  it('puts the exact username first, then usernames starting with the query, then the rest', async () => {
    const exact = (await platform.searchUsers({ query: '@RDX_Alice', count: 50 })).items;
    expect(exact[0].username).toBe('rdx_Alice');
    const prefixed = (await platform.searchUsers({ query: 'rdx_ali', count: 50 })).items.map((u) => u.username);
    expect(prefixed.slice(0, 2).sort()).toEqual(['rdx_Alice', 'rdx_alicia']);
    expect(prefixed).toContain('rdx_m_rdx_ali');
    const alicia = (await platform.searchUsers({ query: 'rdx_alicia', count: 50 })).items.map((u) => u.username);
    expect(alicia[0]).toBe('rdx_alicia');
  });

  it('matches names and bios, not only usernames', async () => {
    expect((await platform.searchUsers({ query: 'liddell', count: 10 })).items.map((u) => u.username)).toContain('rdx_Alice');
    const wonderland = (await platform.searchUsers({ query: 'wonderland', count: 50 })).items.map((u) => u.username);
    expect(wonderland).toEqual(expect.arrayContaining(['rdx_Alice', 'rdx_wonder']));
  });

  it('treats LIKE wildcards in the query literally', async () => {
    const underscored = (await platform.searchUsers({ query: 'x_f0', count: 50 })).items.map((u) => u.username);
    expect(underscored.length).toBeGreaterThan(0);
    expect(underscored.every((name) => name.toLowerCase().includes('x_f0'))).toBe(true);
  });

  it('pages relevance exactly once, as one big page orders it', async () => {
    const all = await platform.searchUsers({ query: 'rdx', count: 1000 });
    expect(all.next).toBeNull();
    expect(all.items.length).toBeGreaterThan(30);
    const got = await walkPages(4, (after) => platform.searchUsers({ query: 'rdx', count: 4, after }));
    expect(got.map((u) => u.id)).toEqual(all.items.map((u) => u.id));
  });

  it.each(USER_SORTS.filter((s) => s !== 'default'))('pages %s order exactly once, matching plain SQL', async (sort) => {
    const order = sort === 'followers' ? 'u.followers_count DESC, u.id DESC' : 'lower(u.name), u.id';
    const { rows } = await pool().query<{ id: string }>(`SELECT u.id::text AS id FROM platform.users u WHERE ${userMatch('rdx')} ORDER BY ${order}`);
    const got = await walkPages(5, (after) => platform.searchUsers({ query: 'rdx', count: 5, after, sort }));
    expect(got.map((u) => u.id)).toEqual(rows.map((r) => r.id));
  });

  it('rejects a query with nothing to search for', async () => {
    await expect(platform.searchUsers({ query: ' @ ', count: 5 })).rejects.toMatchObject({ name: 'InvalidInputError' });
  });
});

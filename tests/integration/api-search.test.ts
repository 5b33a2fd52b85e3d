import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { PRICE, expectChargedPerItem, expectNothingCharged, measuredCall } from '../support/api-charges';
import { expectDescending, expectNewestFirst, expectTwoPages } from '../support/api-paging';
import { expectInvalid, expectSuccess, expectTweet, expectUser } from '../support/api-records';
import { userWithMost } from '../support/api-subjects';

// Operations 1–2: tweet and user search (POST, inputs in the body, cursor too).

let account: ApiAccount;
let tag: string;

beforeAll(async () => {
  account = await createApiAccount({ label: 'search' });
  const { rows } = await getPool().query<{ tag: string }>('SELECT tag FROM platform.tweet_hashtags GROUP BY tag ORDER BY count(*) DESC, tag LIMIT 1');
  tag = rows[0].tag;
});

afterAll(async () => {
  await expectLedgersBalanced();
});

type SearchTweet = { id: string; is_retweet: boolean; is_reply: boolean; lang: string | null; like_count: number; entities: { hashtags: Array<{ tag: string }> } };

describe('searchTweets', () => {
  it('finds tweets with a hashtag, newest first, paged through the body’s cursor at 15 per tweet', async () => {
    const pages = await expectTwoPages({ account, method: 'POST', path: '/v2/search', unit: PRICE.tweet, record: expectTweet, inputs: { query: `#${tag}` } });
    const tweets = pages.flat() as SearchTweet[];
    for (const tweet of tweets) {
      expect(tweet.entities.hashtags.map((h) => h.tag.toLowerCase())).toContain(tag);
      expect(tweet.is_retweet, 'retweets are left out by default').toBe(false);
    }
    expectNewestFirst(tweets.map((t) => t.id), 'latest');
  });

  it('applies sort, min_likes, include_replies and lang', async () => {
    const popular = await account.call('POST', '/v2/search', { body: { query: `#${tag}`, sort: 'popular', count: 30, min_likes: 1, include_replies: false } });
    expectSuccess(popular);
    const tweets = popular.body.data as SearchTweet[];
    expectDescending(tweets.map((t) => t.like_count), 'like_count');
    for (const tweet of tweets) expect(tweet.like_count >= 1 && !tweet.is_reply).toBe(true);
    const lang = tweets.find((t) => t.lang !== null)?.lang ?? 'en';
    const inLang = await account.call('POST', '/v2/search', { body: { query: `#${tag}`, lang, count: 10 } });
    expectSuccess(inLang);
    for (const tweet of inLang.body.data as SearchTweet[]) expect(tweet.lang).toBe(lang);
  });

  it('includes retweets only when asked', async () => {
    const { rows } = await getPool().query<{ username: string }>(
      `SELECT u.username FROM platform.tweets t JOIN platform.users u ON u.id = t.author_id
       WHERE t.retweeted_tweet_id IS NOT NULL GROUP BY u.username ORDER BY count(*) DESC LIMIT 1`,
    );
    const query = `from:${rows[0].username}`;
    const without = await account.call('POST', '/v2/search', { body: { query, count: 1000 } });
    const withRetweets = await account.call('POST', '/v2/search', { body: { query, count: 1000, include_retweets: true } });
    expectSuccess(without);
    expectSuccess(withRetweets);
    expect((without.body.data as SearchTweet[]).some((t) => t.is_retweet)).toBe(false);
    expect((withRetweets.body.data as SearchTweet[]).some((t) => t.is_retweet)).toBe(true);
  });

  it('charges 0 for an empty page', async () => {
    const answer = await measuredCall(account, 'POST', '/v2/search', { body: { query: 'qqqzzzxxyynotaword' } });
    expectSuccess(answer);
    expect(answer.body.data).toEqual([]);
    expect(answer.body.meta).toMatchObject({ result_count: 0, next_cursor: null, has_next_page: false, credits_charged: 0 });
    expectChargedPerItem(answer, PRICE.tweet);
  });

  it('refuses a missing, empty or over-long query, a bad sort and a wrong-typed filter, charging nothing', async () => {
    for (const [body, path] of [
      [{}, 'query'],
      [{ query: '' }, 'query'],
      [{ query: 'x'.repeat(513) }, 'query'],
      [{ query: 'a', sort: 'newest' }, 'sort'],
      [{ query: 'a', min_likes: 'many' }, 'min_likes'],
      [{ query: 'a', include_replies: 'yes' }, 'include_replies'],
      [{ query: 'a', count: 1001 }, 'count'],
      [{ query: 'a', count: 0 }, 'count'],
    ] as const) {
      const answer = await measuredCall(account, 'POST', '/v2/search', { body });
      expectInvalid(answer, path);
      expectNothingCharged(answer);
    }
    const longest = await account.call('POST', '/v2/search', { body: { query: 'x'.repeat(512) } });
    expectSuccess(longest);
  });
});

describe('searchUsers', () => {
  it('finds a user by username first, at 18 per profile', async () => {
    const username = await userWithMost.followers();
    const answer = await measuredCall(account, 'POST', '/v2/search/users', { body: { query: username, count: 5 } });
    expectSuccess(answer);
    for (const user of answer.body.data) expectUser(user);
    expect(answer.body.data[0].username).toBe(username);
    expectChargedPerItem(answer, PRICE.profile);
  });

  it('pages and sorts by followers', async () => {
    const { rows } = await getPool().query<{ word: string }>(
      `SELECT w AS word FROM platform.users, regexp_split_to_table(lower(name), '\\s+') w
       WHERE w ~ '^[a-z]{3,}$' GROUP BY w ORDER BY count(*) DESC LIMIT 1`,
    );
    const query = rows[0].word;
    await expectTwoPages({ account, method: 'POST', path: '/v2/search/users', unit: PRICE.profile, record: expectUser, inputs: { query }, pageSize: 1 });
    const byFollowers = await account.call('POST', '/v2/search/users', { body: { query, sort: 'followers' } });
    expectSuccess(byFollowers);
    expectDescending(byFollowers.body.data.map((u: { followers_count: number }) => u.followers_count), 'followers_count');
  });

  it('refuses a missing query and a tweet sort', async () => {
    expectInvalid(await account.call('POST', '/v2/search/users', { body: {} }), 'query');
    expectInvalid(await account.call('POST', '/v2/search/users', { body: { query: 'a', sort: 'popular' } }), 'sort');
  });
});

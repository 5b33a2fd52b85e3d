import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { PRICE, expectCharged, expectNothingCharged, measuredCall } from '../support/api-charges';
import { expectDescending } from '../support/api-paging';
import { expectError, expectId, expectInvalid, expectIsoTime, expectSuccess } from '../support/api-records';
import { MISSING_ID, MISSING_USERNAME } from '../support/api-subjects';
import { createFixtureUsers } from '../support/platform-fixtures';

// Operation 25 (trending) and 26–28 (interaction checks): fixed price per call.

let account: ApiAccount;

beforeAll(async () => {
  account = await createApiAccount({ label: 'checks' });
  // Trends count the 24 hours up to the newest tweet: make sure that window holds a hashtag,
  // whatever tweets other test files wrote last.
  const [author] = await createFixtureUsers(getPool(), 1);
  const poster = await createApiAccount({ label: 'checks', connect: author.username });
  expectSuccess(await poster.call('POST', '/v2/tweets/create', { body: { text: 'trending now #perchtrendtest' } }));
});

afterAll(async () => {
  await expectLedgersBalanced();
});

function expectTrending(data: Record<string, unknown>, count: number): void {
  expect(Object.keys(data).sort()).toEqual(['as_of', 'country', 'trends', 'woeid']);
  expectIsoTime(data.as_of, 'as_of');
  const trends = data.trends as Array<Record<string, unknown>>;
  expect(trends.length).toBeLessThanOrEqual(count);
  trends.forEach((trend, i) => {
    expect(Object.keys(trend).sort()).toEqual(['name', 'query', 'rank', 'tweet_count']);
    expect(trend.rank).toBe(i + 1);
    expect(typeof trend.name === 'string' && typeof trend.query === 'string').toBe(true);
    expect(Number.isInteger(trend.tweet_count) && (trend.tweet_count as number) > 0).toBe(true);
  });
  expectDescending(trends.map((t) => t.tweet_count as number), 'tweet_count');
}

describe('getTrending', () => {
  it('defaults to Worldwide and 20 trends, for 100 credits', async () => {
    const answer = await measuredCall(account, 'GET', '/v2/trending');
    expectSuccess(answer);
    expect(answer.body.data).toMatchObject({ country: 'Worldwide', woeid: 1 });
    expectTrending(answer.body.data, 20);
    expect(answer.body.data.trends.length).toBeGreaterThan(0);
    expectCharged(answer, PRICE.trending);
  });

  it('takes a country name or its ISO code and a count up to 50', async () => {
    const byName = await account.call('GET', '/v2/trending', { query: { country: 'Japan', count: 3 } });
    const byCode = await measuredCall(account, 'GET', '/v2/trending', { query: { country: 'jp', count: 50 } });
    expectSuccess(byName);
    expectSuccess(byCode);
    expect(byName.body.data).toMatchObject({ country: 'Japan', woeid: 23424856 });
    expectTrending(byName.body.data, 3);
    expect(byCode.body.data.country).toBe('Japan');
    expectTrending(byCode.body.data, 50);
    expectCharged(byCode, PRICE.trending);
  });

  it('refuses an unknown country and a count outside 1..50, charging nothing', async () => {
    for (const [query, path] of [
      [{ country: 'Atlantis' }, 'country'],
      [{ country: 'XX' }, 'country'],
      [{ count: 51 }, 'count'],
      [{ count: 0 }, 'count'],
      [{ count: 'ten' }, 'count'],
    ] as const) {
      const answer = await measuredCall(account, 'GET', '/v2/trending', { query });
      expectInvalid(answer, path);
      expectNothingCharged(answer);
    }
  });
});

async function followEdge(): Promise<{ follower: string; followee: string; mutual: boolean }> {
  const { rows } = await getPool().query(
    `SELECT a.username AS follower, b.username AS followee,
            EXISTS (SELECT 1 FROM platform.follows r WHERE r.follower_id = f.followee_id AND r.followee_id = f.follower_id) AS mutual
     FROM platform.follows f JOIN platform.users a ON a.id = f.follower_id JOIN platform.users b ON b.id = f.followee_id
     ORDER BY f.id LIMIT 1`,
  );
  return rows[0];
}

describe('checkFollow', () => {
  it('answers both directions for 50 credits', async () => {
    const edge = await followEdge();
    const answer = await measuredCall(account, 'GET', '/v2/users/check-follow', { query: { source: edge.follower, target: `@${edge.followee}` } });
    expectSuccess(answer);
    expect(Object.keys(answer.body.data).sort()).toEqual(['followed_by', 'following', 'source', 'target']);
    expect(answer.body.data).toEqual({
      source: { id: expect.any(String), username: edge.follower },
      target: { id: expect.any(String), username: edge.followee },
      following: true,
      followed_by: edge.mutual,
    });
    expectId(answer.body.data.source.id);
    expectCharged(answer, PRICE.check);
    const reverse = await account.call('GET', '/v2/users/check-follow', { query: { source: edge.followee, target: edge.follower } });
    expect(reverse.body.data).toMatchObject({ following: edge.mutual, followed_by: true });
  });

  it('takes source from the connected account, and requires it without one', async () => {
    const edge = await followEdge();
    const connected = await createApiAccount({ label: 'checks', connect: edge.follower });
    const answer = await connected.call('GET', '/v2/users/check-follow', { query: { target: edge.followee } });
    expectSuccess(answer);
    expect(answer.body.data).toMatchObject({ source: { username: edge.follower }, following: true });
    const unconnected = await measuredCall(account, 'GET', '/v2/users/check-follow', { query: { target: edge.followee } });
    expectInvalid(unconnected, 'source');
    expectNothingCharged(unconnected);
  });

  it('is 400 for bad usernames, 404 for unknown ones, both free', async () => {
    const edge = await followEdge();
    expectInvalid(await measuredCall(account, 'GET', '/v2/users/check-follow', { query: { source: 'no-dash', target: edge.followee } }), 'source');
    expectInvalid(await account.call('GET', '/v2/users/check-follow', { query: { source: edge.follower } }), 'target');
    const missing = await measuredCall(account, 'GET', '/v2/users/check-follow', { query: { source: edge.follower, target: MISSING_USERNAME } });
    expectError(missing, 404, 'not_found');
    expectNothingCharged(missing);
  });
});

describe('checkRetweet and checkLike', () => {
  it('checkRetweet: retweeted with its time, and the user’s quote tweets', async () => {
    const { rows } = await getPool().query(
      `SELECT t.retweeted_tweet_id::text AS tweet_id, u.username, t.created_at FROM platform.tweets t JOIN platform.users u ON u.id = t.author_id
       WHERE t.retweeted_tweet_id IS NOT NULL ORDER BY t.id LIMIT 1`,
    );
    const { tweet_id, username, created_at } = rows[0] as { tweet_id: string; username: string; created_at: Date };
    const answer = await measuredCall(account, 'GET', `/v2/tweets/${tweet_id}/check-retweet`, { query: { username } });
    expectSuccess(answer);
    expect(Object.keys(answer.body.data).sort()).toEqual(['quote_tweet_ids', 'quoted', 'retweeted', 'retweeted_at', 'tweet_id', 'user']);
    expect(answer.body.data).toMatchObject({ tweet_id, user: { username }, retweeted: true, retweeted_at: created_at.toISOString() });
    expect(answer.body.data.quoted).toBe(answer.body.data.quote_tweet_ids.length > 0);
    expectCharged(answer, PRICE.check);

    const quote = await getPool().query(
      `SELECT t.quoted_tweet_id::text AS tweet_id, t.id::text AS quote_id, u.username FROM platform.tweets t JOIN platform.users u ON u.id = t.author_id
       WHERE t.quoted_tweet_id IS NOT NULL ORDER BY t.id LIMIT 1`,
    );
    const quoted = await account.call('GET', `/v2/tweets/${quote.rows[0].tweet_id}/check-retweet`, { query: { username: quote.rows[0].username } });
    expect(quoted.body.data).toMatchObject({ quoted: true, quote_tweet_ids: expect.arrayContaining([quote.rows[0].quote_id]) });
  });

  it('checkLike: liked with its time, false and null when not', async () => {
    const { rows } = await getPool().query(
      `SELECT l.tweet_id::text AS tweet_id, u.username FROM platform.likes l JOIN platform.users u ON u.id = l.user_id ORDER BY l.id LIMIT 1`,
    );
    const { tweet_id, username } = rows[0] as { tweet_id: string; username: string };
    const answer = await measuredCall(account, 'GET', `/v2/tweets/${tweet_id}/check-like`, { query: { username } });
    expectSuccess(answer);
    expect(Object.keys(answer.body.data).sort()).toEqual(['liked', 'liked_at', 'tweet_id', 'user']);
    expect(answer.body.data).toMatchObject({ tweet_id, user: { username }, liked: true });
    expectIsoTime(answer.body.data.liked_at, 'liked_at');
    expectCharged(answer, PRICE.check);

    const { rows: other } = await getPool().query(
      `SELECT t.id::text AS tweet_id FROM platform.tweets t WHERE NOT EXISTS
         (SELECT 1 FROM platform.likes l JOIN platform.users u ON u.id = l.user_id WHERE l.tweet_id = t.id AND u.username = $1) ORDER BY t.id LIMIT 1`,
      [username],
    );
    const notLiked = await account.call('GET', `/v2/tweets/${other[0].tweet_id}/check-like`, { query: { username } });
    expect(notLiked.body.data).toMatchObject({ liked: false, liked_at: null });
  });

  it('are 400 for bad ids and usernames, 404 for unknown tweets and users, all free', async () => {
    const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY id LIMIT 1');
    const { username } = rows[0];
    for (const check of ['check-like', 'check-retweet']) {
      expectInvalid(await measuredCall(account, 'GET', `/v2/tweets/12ab/${check}`, { query: { username } }), 'tweetId');
      expectInvalid(await measuredCall(account, 'GET', `/v2/tweets/${'1'.repeat(20)}/${check}`, { query: { username } }), 'tweetId');
      expectInvalid(await measuredCall(account, 'GET', `/v2/tweets/1/${check}`, { query: { username: 'a b' } }), 'username');
      expectInvalid(await measuredCall(account, 'GET', `/v2/tweets/1/${check}`), 'username');
      const missingTweet = await measuredCall(account, 'GET', `/v2/tweets/${MISSING_ID}/${check}`, { query: { username } });
      expectError(missingTweet, 404, 'not_found');
      expectNothingCharged(missingTweet);
      const { rows: t } = await getPool().query<{ id: string }>('SELECT id::text FROM platform.tweets ORDER BY id LIMIT 1');
      expectError(await measuredCall(account, 'GET', `/v2/tweets/${t[0].id}/${check}`, { query: { username: MISSING_USERNAME } }), 404, 'not_found');
    }
  });
});

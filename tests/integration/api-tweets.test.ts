import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { PRICE, expectCharged, measuredCall } from '../support/api-charges';
import { expectTwoPages } from '../support/api-paging';
import { expectSuccess, expectTweet, expectUser } from '../support/api-records';
import { MISSING_ID, tweetWithMost } from '../support/api-subjects';

// Operations 13–18: tweets, their threads, quotes, batches, retweeters and likers.

let account: ApiAccount;

beforeAll(async () => {
  account = await createApiAccount({ label: 'tweets' });
});

afterAll(async () => {
  await expectLedgersBalanced();
});

async function tweetIdWhere(condition: string): Promise<string> {
  const { rows } = await getPool().query<{ id: string }>(`SELECT id::text FROM platform.tweets WHERE ${condition} ORDER BY id DESC LIMIT 1`);
  return rows[0].id;
}

describe('getTweet', () => {
  it('returns a plain tweet for 15 credits', async () => {
    const id = await tweetIdWhere('quoted_tweet_id IS NULL AND retweeted_tweet_id IS NULL AND in_reply_to_tweet_id IS NULL');
    const answer = await measuredCall(account, 'GET', `/v2/tweets/${id}`);
    expectSuccess(answer);
    expectTweet(answer.body.data);
    expect(answer.body.data).toMatchObject({ id, is_reply: false, is_quote: false, is_retweet: false, quoted_tweet: null, retweeted_tweet: null, in_reply_to: null });
    expectCharged(answer, PRICE.tweet);
  });

  it('gives an unknown view count as null, not 0', async () => {
    const id = await tweetIdWhere('view_count IS NULL');
    const answer = await account.call('GET', `/v2/tweets/${id}`);
    expectSuccess(answer);
    expect(answer.body.data.view_count).toBeNull();
  });

  it('embeds a quoted tweet one level deep and marks replies and retweets', async () => {
    const quote = await tweetIdWhere('quoted_tweet_id IS NOT NULL');
    const quoted = await account.call('GET', `/v2/tweets/${quote}`);
    expectSuccess(quoted);
    expectTweet(quoted.body.data);
    expect(quoted.body.data.is_quote).toBe(true);

    const retweet = await tweetIdWhere('retweeted_tweet_id IS NOT NULL');
    const retweeted = await account.call('GET', `/v2/tweets/${retweet}`);
    expectSuccess(retweeted);
    expectTweet(retweeted.body.data);
    expect(retweeted.body.data.is_retweet).toBe(true);

    const reply = await tweetIdWhere('in_reply_to_tweet_id IS NOT NULL');
    const replied = await account.call('GET', `/v2/tweets/${reply}`);
    expectSuccess(replied);
    expectTweet(replied.body.data);
    expect(replied.body.data.is_reply).toBe(true);
  });
});

describe('tweet lists', () => {
  it('getTweetConversation: replies sharing the thread’s conversation_id, without the root', async () => {
    const root = await tweetWithMost.replies();
    const pages = await expectTwoPages({ account, path: `/v2/tweets/${root}/conversation`, unit: PRICE.tweet, record: expectTweet });
    for (const tweet of pages.flat() as Array<{ id: string; conversation_id: string; is_reply: boolean }>) {
      expect(tweet).toMatchObject({ conversation_id: root, is_reply: true });
      expect(tweet.id).not.toBe(root);
    }
  });

  it('getTweetQuotes: tweets quoting it, with the quoted tweet embedded', async () => {
    const id = await tweetWithMost.quotes();
    const pages = await expectTwoPages({ account, path: `/v2/tweets/${id}/quotes`, unit: PRICE.tweet, record: expectTweet, pageSize: 2 });
    for (const tweet of pages.flat() as Array<{ is_quote: boolean; quoted_tweet: { id: string } }>) expect(tweet.quoted_tweet.id).toBe(id);
  });

  it('getTweetRetweeters and getTweetLikers: User records at 1 credit each', async () => {
    const retweeted = await tweetWithMost.retweets();
    await expectTwoPages({ account, path: `/v2/tweets/${retweeted}/retweeters`, unit: PRICE.follower, record: expectUser });
    const liked = await tweetWithMost.likes();
    await expectTwoPages({ account, path: `/v2/tweets/${liked}/likers`, unit: PRICE.follower, record: expectUser });
    const byFollowers = await account.call('GET', `/v2/tweets/${liked}/likers`, { query: { sort: 'followers' } });
    expectSuccess(byFollowers);
  });
});

describe('getTweetsBatch', () => {
  it('returns found tweets in request order, each once, with not_found, at 15 per tweet returned', async () => {
    const [a, b] = [await tweetWithMost.likes(), await tweetWithMost.quotes()];
    const url = `https://x.com/someone/status/${a}`;
    const answer = await measuredCall(account, 'POST', '/v2/tweets/batch', { body: { ids: [b, MISSING_ID, a, b] } });
    expectSuccess(answer, ['not_found']);
    for (const tweet of answer.body.data) expectTweet(tweet);
    const expected = a === b ? [b] : [b, a];
    expect(answer.body.data.map((t: { id: string }) => t.id)).toEqual(expected);
    expect(answer.body.meta.not_found).toEqual([MISSING_ID]);
    expectCharged(answer, expected.length * PRICE.tweet);
    // A tweet URL is a tweet reference too (contract section 7), answered under its id.
    const withUrl = await measuredCall(account, 'POST', '/v2/tweets/batch', { body: { ids: [url] } });
    expectSuccess(withUrl, ['not_found']);
    expect(withUrl.body.data.map((t: { id: string }) => t.id)).toEqual([a]);
    expectCharged(withUrl, PRICE.tweet);
  });
});

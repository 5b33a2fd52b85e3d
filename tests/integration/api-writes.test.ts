import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { createApiAccount, expectLedgersBalanced } from '../support/api-client';
import { PRICE, expectCharged, expectNothingCharged, measuredCall } from '../support/api-charges';
import { expectError, expectInvalid, expectSuccess, expectTweet } from '../support/api-records';
import { setUpWriter, type Writer } from '../support/api-writer';

// Operations 29–38: writes as the key owner's connected platform account, 100 credits each.

let writer: Writer['account'];
let me: Writer['me'];
let other: Writer['other'];
let target: Writer['target'];

async function tweetRow(id: string) {
  const { rows } = await getPool().query('SELECT id::text, author_id::text, like_count, retweet_count, reply_count, quote_count FROM platform.tweets WHERE id = $1', [id]);
  return rows[0] as { id: string; author_id: string; like_count: number; retweet_count: number; reply_count: number; quote_count: number } | undefined;
}

beforeAll(async () => {
  ({ account: writer, me, other, target } = await setUpWriter('writes'));
});

afterAll(async () => {
  await expectLedgersBalanced();
});

describe('createTweet, replyToTweet, quoteTweet', () => {
  it('createTweet posts as the connected account, for 100 credits, and search finds it at once', async () => {
    const word = `perchword${Date.now().toString(36)}`;
    const answer = await measuredCall(writer, 'POST', '/v2/tweets/create', { body: { text: `hello ${word} #perchapitest` } });
    expectSuccess(answer);
    expectTweet(answer.body.data);
    expect(answer.body.data).toMatchObject({ author_id: me.id, author: { username: me.username }, text: `hello ${word} #perchapitest`, is_reply: false });
    expectCharged(answer, PRICE.write);
    const found = await writer.call('POST', '/v2/search', { body: { query: word } });
    expect(found.body.data.map((t: { id: string }) => t.id)).toEqual([answer.body.data.id]);
  });

  it('takes 1..280 characters, not blank', async () => {
    expectSuccess(await writer.call('POST', '/v2/tweets/create', { body: { text: 'x'.repeat(280) } }));
    for (const text of ['', '   ', 'x'.repeat(281), 42, null]) {
      const answer = await measuredCall(writer, 'POST', '/v2/tweets/create', { body: { text } });
      expectInvalid(answer, 'text');
      expectNothingCharged(answer);
    }
    expectInvalid(await writer.call('POST', '/v2/tweets/create', { body: {} }), 'text');
  });

  it('replyToTweet takes an id or a tweet URL and threads the reply', async () => {
    const before = await tweetRow(target.id);
    const answer = await measuredCall(writer, 'POST', '/v2/tweets/reply', { body: { tweet_id: `https://x.com/someone/status/${target.id}?s=20`, text: 'a reply' } });
    expectSuccess(answer);
    expectTweet(answer.body.data);
    expect(answer.body.data).toMatchObject({ is_reply: true, in_reply_to: { tweet_id: target.id, user_id: target.author_id }, conversation_id: target.conversation_id });
    expectCharged(answer, PRICE.write);
    expect((await tweetRow(target.id))!.reply_count).toBe(before!.reply_count + 1);
    const byId = await writer.call('POST', '/v2/tweets/reply', { body: { tweet_id: target.id, text: 'another reply' } });
    expectSuccess(byId);
  });

  it('quoteTweet embeds the quoted tweet', async () => {
    const answer = await measuredCall(writer, 'POST', '/v2/tweets/quote', { body: { quoted_tweet_id: target.id, text: 'look at this' } });
    expectSuccess(answer);
    expectTweet(answer.body.data);
    expect(answer.body.data).toMatchObject({ is_quote: true, quoted_tweet: { id: target.id } });
    expectCharged(answer, PRICE.write);
  });

  it('reply and quote are 400 for a bad reference and 404 for a missing tweet, free', async () => {
    for (const [path, field] of [
      ['/v2/tweets/reply', 'tweet_id'],
      ['/v2/tweets/quote', 'quoted_tweet_id'],
    ]) {
      for (const bad of ['abc', 'https://x.com/a/b/c', '1'.repeat(20)]) {
        const answer = await measuredCall(writer, 'POST', path, { body: { [field]: bad, text: 'x' } });
        expectInvalid(answer, field);
        expectNothingCharged(answer);
      }
      const missing = await measuredCall(writer, 'POST', path, { body: { [field]: '9000000000000000001', text: 'x' } });
      expectError(missing, 404, 'not_found');
      expectNothingCharged(missing);
    }
  });
});

describe('deleteTweet', () => {
  it('deletes your own tweet; another account’s is 403; a gone one is 404', async () => {
    const created = await writer.call('POST', '/v2/tweets/create', { body: { text: 'to be deleted' } });
    const id = created.body.data.id as string;
    const answer = await measuredCall(writer, 'DELETE', `/v2/tweets/${id}`);
    expectSuccess(answer);
    expect(answer.body.data).toEqual({ id, deleted: true });
    expectCharged(answer, PRICE.write);
    expect(await tweetRow(id)).toBeUndefined();

    const again = await measuredCall(writer, 'DELETE', `/v2/tweets/${id}`);
    expectError(again, 404, 'not_found');
    expectNothingCharged(again);
    const foreign = await measuredCall(writer, 'DELETE', `/v2/tweets/${target.id}`);
    expectError(foreign, 403, 'forbidden');
    expectNothingCharged(foreign);
    expect(await tweetRow(target.id)).toBeDefined();
  });
});

describe('like, retweet and follow pairs', () => {
  // The first call changes the state and costs 100 credits; a repeat finds it as asked,
  // changes nothing and costs nothing, and meta.changed says which happened.
  const expectChange = (answer: Parameters<typeof expectCharged>[0], changed: boolean) => {
    expectSuccess(answer, ['changed']);
    expect(answer.body.meta.changed).toBe(changed);
    if (changed) expectCharged(answer, PRICE.write);
    else expectCharged(answer, 0);
  };

  it('likeTweet and unlikeTweet are idempotent, never duplicate, and charge only the call that changes something', async () => {
    const before = (await tweetRow(target.id))!.like_count;
    for (let i = 0; i < 2; i++) {
      const answer = await measuredCall(writer, 'POST', `/v2/tweets/${target.id}/like`);
      expect(answer.body.data).toEqual({ tweet_id: target.id, liked: true });
      expectChange(answer, i === 0);
    }
    expect((await tweetRow(target.id))!.like_count).toBe(before + 1);
    const check = await writer.call('GET', `/v2/tweets/${target.id}/check-like`);
    expect(check.body.data).toMatchObject({ liked: true, user: { username: me.username } });
    for (let i = 0; i < 2; i++) {
      const answer = await measuredCall(writer, 'DELETE', `/v2/tweets/${target.id}/like`);
      expect(answer.body.data).toEqual({ tweet_id: target.id, liked: false });
      expectChange(answer, i === 0);
    }
    expect((await tweetRow(target.id))!.like_count).toBe(before);
  });

  it('retweetTweet returns the same retweet when repeated, for free; unretweetTweet undoes it', async () => {
    const before = (await tweetRow(target.id))!.retweet_count;
    const first = await measuredCall(writer, 'POST', `/v2/tweets/${target.id}/retweet`);
    expect(first.body.data).toEqual({ tweet_id: target.id, retweeted: true, retweet_id: expect.stringMatching(/^[0-9]+$/) });
    expectChange(first, true);
    const second = await measuredCall(writer, 'POST', `/v2/tweets/${target.id}/retweet`);
    expect(second.body.data).toEqual(first.body.data);
    expectChange(second, false);
    expect((await tweetRow(target.id))!.retweet_count).toBe(before + 1);
    for (let i = 0; i < 2; i++) {
      const answer = await measuredCall(writer, 'DELETE', `/v2/tweets/${target.id}/retweet`);
      expect(answer.body.data).toEqual({ tweet_id: target.id, retweeted: false });
      expectChange(answer, i === 0);
    }
    expect((await tweetRow(target.id))!.retweet_count).toBe(before);
  });

  it('followUser and unfollowUser are idempotent, a repeat is free; following yourself is 400', async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await measuredCall(writer, 'POST', `/v2/users/@${other.username.toUpperCase()}/follow`);
      expect(answer.body.data).toEqual({ username: other.username, following: true });
      expectChange(answer, i === 0);
    }
    const { rows } = await getPool().query('SELECT count(*)::int AS n FROM platform.follows WHERE follower_id = $1 AND followee_id = $2', [me.id, other.id]);
    expect(rows[0].n).toBe(1);
    for (let i = 0; i < 2; i++) {
      const unfollow = await measuredCall(writer, 'DELETE', `/v2/users/${other.username}/follow`);
      expect(unfollow.body.data).toEqual({ username: other.username, following: false });
      expectChange(unfollow, i === 0);
    }
    const self = await measuredCall(writer, 'POST', `/v2/users/${me.username}/follow`);
    expectError(self, 400, 'invalid_request');
    expectNothingCharged(self);
  });
});

describe('DELETE operations', () => {
  it('refuse a body, so that a max_credits put there is not silently ignored', async () => {
    const answer = await measuredCall(writer, 'DELETE', `/v2/tweets/${target.id}/like`, { body: { max_credits: 100 } });
    expectInvalid(answer, 'body');
    expectNothingCharged(answer);
    const capped = await measuredCall(writer, 'DELETE', `/v2/tweets/${target.id}/like`, { query: { max_credits: 99 } });
    expectInvalid(capped, 'max_credits');
    expectNothingCharged(capped);
  });
});

describe('who may write', () => {
  it('a key without the write scope gets 403 forbidden, charged nothing', async () => {
    const reader = await createApiAccount({ label: 'writes', scopes: ['read'], connect: me.username });
    const answer = await measuredCall(reader, 'POST', '/v2/tweets/create', { body: { text: 'nope' } });
    expectError(answer, 403, 'forbidden');
    expectNothingCharged(answer);
    expectSuccess(await reader.call('GET', '/v2/account'));
  });

  it('an account without a connected platform account gets 403 account_not_connected, charged nothing', async () => {
    const unconnected = await createApiAccount({ label: 'writes' });
    for (const [method, path, body] of [
      ['POST', '/v2/tweets/create', { text: 'nope' }],
      ['POST', `/v2/tweets/${target.id}/like`, undefined],
      ['DELETE', `/v2/users/${other.username}/follow`, undefined],
    ] as const) {
      const answer = await measuredCall(unconnected, method, path, { body });
      expectError(answer, 403, 'account_not_connected');
      expectNothingCharged(answer);
    }
  });
});

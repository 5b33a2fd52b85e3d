import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { PRICE, expectCharged, expectNothingCharged, measuredCall } from '../support/api-charges';
import { expectError, expectSuccess } from '../support/api-records';
import { connectWithOAuth, createPlatformUser, type PlatformAccount } from '../support/oauth-flow';

// Every write operation (29–38) by an account connected through the OAuth flow, and its effect
// read back at once through the read operations: the next request sees it, counts included.

let me: ApiAccount;
let mine: PlatformAccount;
let other: ApiAccount;
let theirs: PlatformAccount;
let target: string;

const ids = (answer: { body: { data: Array<{ id: string }> } }) => answer.body.data.map((item) => item.id);

async function tweet(id: string) {
  const answer = await me.call('GET', `/v2/tweets/${id}`);
  expectSuccess(answer);
  return answer.body.data as { like_count: number; retweet_count: number; reply_count: number; quote_count: number };
}

async function user(username: string) {
  const answer = await me.call('GET', `/v2/users/${username}`);
  expectSuccess(answer);
  return answer.body.data as { tweet_count: number; followers_count: number; following_count: number };
}

beforeAll(async () => {
  me = await createApiAccount({ label: 'visible' });
  mine = await createPlatformUser('vm');
  expect(await connectWithOAuth(me.userId, mine.id)).toMatchObject({ ok: true });
  other = await createApiAccount({ label: 'visible' });
  theirs = await createPlatformUser('vo');
  expect(await connectWithOAuth(other.userId, theirs.id)).toMatchObject({ ok: true });
  // A fresh tweet of someone else's: its likers, retweeters, replies and quotes are only ours.
  const posted = await other.call('POST', '/v2/tweets/create', { body: { text: 'a tweet to interact with' } });
  expectSuccess(posted);
  target = posted.body.data.id;
});

afterAll(async () => {
  await expectLedgersBalanced();
});

describe('tweets', () => {
  it('createTweet: search finds it in the next request; timeline and tweet_count show it; deleteTweet takes it all back', async () => {
    const word = `visible${Date.now().toString(36)}`;
    const before = await user(mine.username);
    const created = await measuredCall(me, 'POST', '/v2/tweets/create', { body: { text: `hello ${word}` } });
    expectSuccess(created);
    expectCharged(created, PRICE.write);
    const id = created.body.data.id as string;
    expect(ids(await me.call('POST', '/v2/search', { body: { query: word } }))).toEqual([id]);
    expect(ids(await me.call('POST', '/v2/search', { body: { query: `from:${mine.username}` } }))).toContain(id);
    expect(ids(await me.call('GET', `/v2/users/${mine.username}/tweets`))[0]).toBe(id);
    expect((await user(mine.username)).tweet_count).toBe(before.tweet_count + 1);

    const deleted = await measuredCall(me, 'DELETE', `/v2/tweets/${id}`);
    expect(deleted.body.data).toEqual({ id, deleted: true });
    expectCharged(deleted, PRICE.write);
    expectError(await me.call('GET', `/v2/tweets/${id}`), 404, 'not_found');
    expect(ids(await me.call('POST', '/v2/search', { body: { query: word } }))).toEqual([]);
    expect((await user(mine.username)).tweet_count).toBe(before.tweet_count);
  });

  it('deleteTweet of another account’s tweet is 403 forbidden, charged nothing, and the tweet stays', async () => {
    const answer = await measuredCall(me, 'DELETE', `/v2/tweets/${target}`);
    expectError(answer, 403, 'forbidden');
    expectNothingCharged(answer);
    expectSuccess(await me.call('GET', `/v2/tweets/${target}`));
  });

  it('replyToTweet: the conversation lists the reply and reply_count rises', async () => {
    const before = await tweet(target);
    const reply = await me.call('POST', '/v2/tweets/reply', { body: { tweet_id: target, text: `@${theirs.username} a reply` } });
    expectSuccess(reply);
    expect(ids(await me.call('GET', `/v2/tweets/${target}/conversation`))).toContain(reply.body.data.id);
    expect((await tweet(target)).reply_count).toBe(before.reply_count + 1);
    expect(ids(await me.call('GET', `/v2/users/${mine.username}/replies`))[0]).toBe(reply.body.data.id);
    expect(ids(await me.call('GET', `/v2/users/${theirs.username}/mentions`))).toContain(reply.body.data.id);
  });

  it('quoteTweet: the quotes list shows it, quote_count rises, check-retweet reports the quote', async () => {
    const before = await tweet(target);
    const quote = await me.call('POST', '/v2/tweets/quote', { body: { quoted_tweet_id: `https://x.com/${theirs.username}/status/${target}`, text: 'quoting' } });
    expectSuccess(quote);
    expect(ids(await me.call('GET', `/v2/tweets/${target}/quotes`))).toEqual([quote.body.data.id]);
    expect((await tweet(target)).quote_count).toBe(before.quote_count + 1);
    const check = await me.call('GET', `/v2/tweets/${target}/check-retweet`);
    expect(check.body.data).toMatchObject({ user: { username: mine.username }, quoted: true, quote_tweet_ids: [quote.body.data.id] });
  });
});

describe('toggles', () => {
  it('like / unlike: like_count, likers and check-like follow each call; repeats change nothing', async () => {
    const before = await tweet(target);
    for (let i = 0; i < 2; i++) expectSuccess(await me.call('POST', `/v2/tweets/${target}/like`), ['changed']);
    expect((await tweet(target)).like_count).toBe(before.like_count + 1);
    expect(ids(await me.call('GET', `/v2/tweets/${target}/likers`))).toEqual([mine.id]);
    expect((await me.call('GET', `/v2/tweets/${target}/check-like`)).body.data).toMatchObject({ liked: true, liked_at: expect.any(String) });
    for (let i = 0; i < 2; i++) expectSuccess(await me.call('DELETE', `/v2/tweets/${target}/like`), ['changed']);
    expect((await tweet(target)).like_count).toBe(before.like_count);
    expect(ids(await me.call('GET', `/v2/tweets/${target}/likers`))).toEqual([]);
    expect((await me.call('GET', `/v2/tweets/${target}/check-like`)).body.data).toMatchObject({ liked: false, liked_at: null });
  });

  it('retweet / unretweet: retweet_count, retweeters, check-retweet and the timeline follow each call', async () => {
    const before = await tweet(target);
    const first = await me.call('POST', `/v2/tweets/${target}/retweet`);
    const second = await me.call('POST', `/v2/tweets/${target}/retweet`);
    expect(second.body.data).toEqual(first.body.data);
    expect((await tweet(target)).retweet_count).toBe(before.retweet_count + 1);
    expect(ids(await me.call('GET', `/v2/tweets/${target}/retweeters`))).toEqual([mine.id]);
    expect((await me.call('GET', `/v2/tweets/${target}/check-retweet`)).body.data).toMatchObject({ retweeted: true });
    const timeline = await me.call('GET', `/v2/users/${mine.username}/tweets`);
    expect(timeline.body.data[0]).toMatchObject({ id: first.body.data.retweet_id, is_retweet: true, retweeted_tweet: { id: target } });
    expectSuccess(await me.call('DELETE', `/v2/tweets/${target}/retweet`), ['changed']);
    expect((await tweet(target)).retweet_count).toBe(before.retweet_count);
    expect(ids(await me.call('GET', `/v2/tweets/${target}/retweeters`))).toEqual([]);
    expect((await me.call('GET', `/v2/tweets/${target}/check-retweet`)).body.data).toMatchObject({ retweeted: false });
  });

  it('follow / unfollow: check-follow, followers, following and both counts follow each call', async () => {
    const [meBefore, themBefore] = [await user(mine.username), await user(theirs.username)];
    for (let i = 0; i < 2; i++) {
      const answer = await measuredCall(me, 'POST', `/v2/users/${theirs.username}/follow`);
      expect(answer.body.data).toEqual({ username: theirs.username, following: true });
      // The repeat finds the follow already there: nothing changed, nothing charged.
      expectCharged(answer, i === 0 ? PRICE.write : 0);
    }
    expect((await me.call('GET', '/v2/users/check-follow', { query: { target: theirs.username } })).body.data).toMatchObject({ following: true, followed_by: false });
    expect(ids(await me.call('GET', `/v2/users/${theirs.username}/followers`))).toEqual([mine.id]);
    expect(ids(await me.call('GET', `/v2/users/${mine.username}/following`))).toEqual([theirs.id]);
    expect((await me.call('GET', `/v2/users/${theirs.username}/followers-ids`)).body.data).toEqual([mine.id]);
    expect((await user(theirs.username)).followers_count).toBe(themBefore.followers_count + 1);
    expect((await user(mine.username)).following_count).toBe(meBefore.following_count + 1);
    // The other side sees it from its own connection: followed_by.
    expect((await other.call('GET', '/v2/users/check-follow', { query: { target: mine.username } })).body.data).toMatchObject({ following: false, followed_by: true });

    expectSuccess(await me.call('DELETE', `/v2/users/${theirs.username}/follow`), ['changed']);
    expect((await me.call('GET', '/v2/users/check-follow', { query: { target: theirs.username } })).body.data).toMatchObject({ following: false });
    expect(ids(await me.call('GET', `/v2/users/${theirs.username}/followers`))).toEqual([]);
    expect((await user(theirs.username)).followers_count).toBe(themBefore.followers_count);
  });
});

describe('Idempotency-Key with an OAuth connection', () => {
  it('a replay is charged once and posts once; the key with another body is 409', async () => {
    const key = `oauth-idem-${Date.now()}`;
    const text = `once through oauth ${Date.now().toString(36)}`;
    const first = await measuredCall(me, 'POST', '/v2/tweets/create', { body: { text }, headers: { 'Idempotency-Key': key } });
    expectCharged(first, PRICE.write);
    const replay = await measuredCall(me, 'POST', '/v2/tweets/create', { body: { text }, headers: { 'Idempotency-Key': key } });
    expect(replay.status).toBe(200);
    expect(replay.body.data.id).toBe(first.body.data.id);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expectNothingCharged(replay);
    expect(ids(await me.call('POST', '/v2/search', { body: { query: `"${text}"` } }))).toEqual([first.body.data.id]);
    const conflict = await measuredCall(me, 'POST', '/v2/tweets/create', { body: { text: `${text} changed` }, headers: { 'Idempotency-Key': key } });
    expectError(conflict, 409, 'idempotency_conflict');
    expectNothingCharged(conflict);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveXConnection } from '@/lib/connections/x-connection';
import { setServedPlatforms } from '@/lib/platform/served-platforms';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { expectCharged, expectChargedPerItem, expectNothingCharged, measuredCall, PRICE } from '../support/api-charges';
import { expectError, expectSuccess } from '../support/api-records';
import { startFakeX, type FakeX } from '../support/fake-x-api';
import { describePlatformContract } from '../support/platform-contract';
import { X_IDS as I, xContractSubjects, xPlatforms, xWorld } from '../support/x-world';

// Perch's /v2 with X as the default platform, through the real twitter-api-v2 client, against a
// local fake of X API v2 (tests/support/fake-x-api.ts) over HTTPS.

let fake: FakeX;
let account: ApiAccount;

beforeAll(async () => {
  fake = await startFakeX(xWorld());
  setServedPlatforms(xPlatforms(fake));
  account = await createApiAccount({ label: 'x' });
});

afterAll(async () => {
  setServedPlatforms(null);
  expect(fake?.unmatched ?? []).toEqual([]);
  await fake?.close();
  await expectLedgersBalanced();
});

describePlatformContract('x', () => xContractSubjects(account));

const ids = (answer: { body: { data: Array<{ id: string }> } }) => answer.body.data.map((item) => item.id);

describe('X users', () => {
  it('maps a user: what X gives is filled, what it lacks is null', async () => {
    const answer = await measuredCall(account, 'GET', '/v2/users/@ALICE');
    expectSuccess(answer);
    expect(answer.body.data).toMatchObject({
      id: I.alice,
      username: 'alice',
      name: 'Alice Example',
      description: 'Writes about #perch and birds',
      location: 'Lisbon',
      url: 'https://t.co/alice',
      profile_banner_url: null,
      created_at: '2020-01-02T03:04:05.000Z',
      followers_count: 4,
      following_count: 1,
      tweet_count: 3,
      like_count: 7,
      listed_count: 1,
      verified: false,
      verified_type: 'none',
      pinned_tweet_ids: [I.hello],
    });
    const bob = await account.call('GET', '/v2/users/bob');
    expect(bob.body.data).toMatchObject({ description: null, location: null, url: null, pinned_tweet_ids: [] });
    expectCharged(answer, PRICE.profile);
  });

  it('batches usernames in request order, each once, the rest in not_found', async () => {
    const answer = await measuredCall(account, 'POST', '/v2/users/batch', { body: { usernames: ['bob', 'ALICE', 'ghost', '@bob'] } });
    expectSuccess(answer, ['not_found']);
    expect(ids(answer)).toEqual([I.bob, I.alice]);
    expect(answer.body.meta.not_found).toEqual(['ghost']);
    expectCharged(answer, 2 * PRICE.profile);
  });

  it('timelines: own posts and retweets without replies; with replies; media; mentions', async () => {
    const tweets = await account.call('GET', '/v2/users/bob/tweets');
    expectSuccess(tweets);
    expect(ids(tweets)).toEqual([]);
    const replies = await account.call('GET', '/v2/users/bob/replies');
    expect(ids(replies)).toEqual([I.reply]);
    expect(replies.body.data[0]).toMatchObject({
      is_reply: true,
      in_reply_to: { tweet_id: I.hello, user_id: I.alice, username: 'alice' },
      conversation_id: I.hello,
      entities: { mentions: [{ id: I.alice, username: 'alice', start: 0, end: 6 }] },
    });
    const media = await account.call('GET', '/v2/users/alice/media');
    expect(ids(media)).toEqual([I.media]);
    expect(media.body.data[0].media).toEqual([{ type: 'photo', url: 'https://pbs.twimg.com/media/one.jpg', preview_url: 'https://pbs.twimg.com/media/one.jpg', width: 800, height: 600, duration_ms: null, alt_text: 'a bird' }]);
    const erin = await account.call('GET', '/v2/users/erin/tweets');
    expect(erin.body.data[0]).toMatchObject({ id: I.retweet, is_retweet: true, retweeted_tweet: { id: I.hello, author_id: I.alice, like_count: 2, retweet_count: 1 } });
    const mentions = await measuredCall(account, 'GET', '/v2/users/alice/mentions');
    expect(ids(mentions)).toEqual([I.mention, I.reply]);
    // The mention X gives without an id is named through the expanded users.
    expect(mentions.body.data[0].entities).toEqual({
      hashtags: [],
      cashtags: [{ tag: 'PRCH', start: 16, end: 21 }],
      mentions: [{ id: I.alice, username: 'alice', start: 3, end: 9 }],
      urls: [{ url: 'https://t.co/x', expanded_url: 'https://perch.example/x', display_url: 'perch.example/x', start: 22, end: 35 }],
    });
    expectChargedPerItem(mentions, PRICE.tweet);
  });

  it('followers newest first, following, verified followers, sorts by followers and name', async () => {
    const followers = await account.call('GET', '/v2/users/alice/followers');
    expect(ids(followers)).toEqual([I.erin, I.dan, I.carol, I.bob]);
    const following = await account.call('GET', '/v2/users/alice/following');
    expect(ids(following)).toEqual([I.bob]);
    const verified = await measuredCall(account, 'GET', '/v2/users/alice/verified-followers');
    expect(ids(verified)).toEqual([I.dan]);
    expectChargedPerItem(verified, PRICE.follower);
    const byName = await account.call('GET', '/v2/users/alice/followers', { query: { sort: 'name', count: 2 } });
    expect(byName.body.data.map((user: { name: string }) => user.name)).toEqual(['Bob', 'Carol']);
    const rest = await account.call('GET', '/v2/users/alice/followers', { query: { sort: 'name', count: 2, cursor: byName.body.meta.next_cursor } });
    expect(rest.body.data.map((user: { name: string }) => user.name)).toEqual(['Dan', 'erin']);
    expect(rest.body.meta.next_cursor).toBeNull();
  });

  it('user search', async () => {
    const answer = await measuredCall(account, 'POST', '/v2/search/users', { body: { query: 'birds' } });
    expectSuccess(answer);
    expect(ids(answer)).toEqual([I.alice]);
    expectChargedPerItem(answer, PRICE.profile);
  });
});

describe('X tweets', () => {
  it('a tweet: counts from X, views from impressions, a quote carries the quoted tweet one level deep', async () => {
    const second = await account.call('GET', `/v2/tweets/${I.second}`);
    expect(second.body.data).toMatchObject({ url: `https://x.com/alice/status/${I.second}`, like_count: 1, view_count: 42, lang: 'en', community_id: null });
    const quote = await account.call('GET', `/v2/tweets/${I.quote}`);
    expect(quote.body.data).toMatchObject({ is_quote: true, quoted_tweet: { id: I.hello, quoted_tweet: null, retweeted_tweet: null, author: { username: 'alice' } } });
  });

  it('conversation: every reply of the thread through recent search, root left out', async () => {
    const answer = await measuredCall(account, 'GET', `/v2/tweets/${I.hello}/conversation`);
    expectSuccess(answer);
    expect(ids(answer)).toEqual([I.nested, I.reply]);
    expect(fake.calls.some((call) => call.includes('/2/tweets/search/recent') && call.includes(`conversation_id%3A${I.hello}`))).toBe(true);
    expectChargedPerItem(answer, PRICE.tweet);
  });

  it('quotes, retweeters, likers', async () => {
    expect(ids(await account.call('GET', `/v2/tweets/${I.hello}/quotes`))).toEqual([I.quote]);
    expect(ids(await account.call('GET', `/v2/tweets/${I.hello}/retweeters`))).toEqual([I.erin]);
    expect(ids(await account.call('GET', `/v2/tweets/${I.hello}/likers`))).toEqual([I.carol, I.bob]);
  });

  it('search: X query with lang and retweets left out; min_likes applied here; popular ranks', async () => {
    const answer = await measuredCall(account, 'POST', '/v2/search', { body: { query: 'alice', lang: 'en' } });
    expectSuccess(answer);
    expect(ids(answer)).toEqual([I.mention, I.reply, I.hello]);
    const search = fake.calls.filter((call) => call.includes('/2/tweets/search/recent')).at(-1)!;
    expect(new URL(search.replace(/^GET /, ''), 'https://x.invalid').searchParams.get('query')).toBe('(alice) lang:en -is:retweet');
    const all = await account.call('POST', '/v2/search', { body: { query: 'a', include_retweets: true, include_replies: false, sort: 'popular', count: 3 } });
    expect(all.body.data[0].id).toBe(I.hello);
    expect(all.body.data.every((tweet: { is_reply: boolean }) => !tweet.is_reply)).toBe(true);
    const liked = await account.call('POST', '/v2/search', { body: { query: 'a', min_likes: 1 } });
    expect(ids(liked)).toEqual([I.second, I.hello]);
  });

  it('lists: tweets by members, members, subscribers; a missing list is a 404', async () => {
    expect(ids(await account.call('GET', `/v2/lists/${I.list}/members`))).toEqual([I.alice, I.bob]);
    expect(ids(await account.call('GET', `/v2/lists/${I.list}/subscribers`))).toEqual([I.carol]);
    expect(ids(await account.call('GET', `/v2/lists/${I.list}/tweets`, { query: { count: 2 } }))).toEqual([I.reply, I.media]);
    const missing = await measuredCall(account, 'GET', '/v2/lists/42/members');
    expectError(missing, 404, 'not_found');
    expectNothingCharged(missing);
  });

  it('trending by WOEID; a tweet_count X leaves out is null, not 0', async () => {
    const answer = await measuredCall(account, 'GET', '/v2/trending', { query: { count: 5 } });
    expectSuccess(answer);
    expect(answer.body.data).toMatchObject({ country: 'Worldwide', woeid: 1, trends: [{ rank: 1, name: '#perch', query: '#perch', tweet_count: 1200 }, { rank: 2, name: 'birds', tweet_count: null }] });
    expectCharged(answer, PRICE.trending);
    const us = await account.call('GET', '/v2/trending', { query: { country: 'US' } });
    expect(us.body.data.trends[0].name).toBe('Thanksgiving');
  });

  it('checks: like and retweet by scanning X lists; follow between two accounts is a 503', async () => {
    const like = await measuredCall(account, 'GET', `/v2/tweets/${I.hello}/check-like`, { query: { username: 'carol' } });
    expectSuccess(like);
    expect(like.body.data).toEqual({ tweet_id: I.hello, user: { id: I.carol, username: 'carol' }, liked: true, liked_at: null });
    expectCharged(like, PRICE.check);
    const retweet = await account.call('GET', `/v2/tweets/${I.hello}/check-retweet`, { query: { username: 'carol' } });
    expect(retweet.body.data).toEqual({ tweet_id: I.hello, user: { id: I.carol, username: 'carol' }, retweeted: false, retweeted_at: null, quoted: true, quote_tweet_ids: [I.quote] });
    const follow = await measuredCall(account, 'GET', '/v2/users/check-follow', { query: { source: 'bob', target: 'alice' } });
    expectError(follow, 503, 'unavailable');
    expectNothingCharged(follow);
  });
});

describe('X writes, as the connected account (OAuth 2.0 user token)', () => {
  let writer: ApiAccount;

  beforeAll(async () => {
    writer = await createApiAccount({ label: 'x-writer' });
    const tokens = fake.issueUserToken(I.bob);
    await saveXConnection(writer.userId, { id: I.bob, username: 'bob' }, { ...tokens, expiresIn: 7200, scope: ['tweet.read', 'tweet.write', 'users.read', 'like.write', 'follows.write', 'offline.access'] });
  });

  it('without a connected X account, writes are 403 account_not_connected', async () => {
    const answer = await measuredCall(account, 'POST', '/v2/tweets/create', { body: { text: 'hi' } });
    expectError(answer, 403, 'account_not_connected');
    expectNothingCharged(answer);
  });

  it('create, reply, quote and delete', async () => {
    const created = await measuredCall(writer, 'POST', '/v2/tweets/create', { body: { text: 'first from perch' } });
    expectSuccess(created);
    expect(created.body.data).toMatchObject({ text: 'first from perch', author_id: I.bob, is_reply: false });
    expectCharged(created, PRICE.write);
    const reply = await writer.call('POST', '/v2/tweets/reply', { body: { tweet_id: `https://x.com/alice/status/${I.second}`, text: 'a reply' } });
    expect(reply.body.data).toMatchObject({ in_reply_to: { tweet_id: I.second, user_id: I.alice }, conversation_id: I.second });
    const quote = await writer.call('POST', '/v2/tweets/quote', { body: { quoted_tweet_id: I.second, text: 'a quote' } });
    expect(quote.body.data).toMatchObject({ is_quote: true, quoted_tweet: { id: I.second } });
    const missing = await measuredCall(writer, 'POST', '/v2/tweets/reply', { body: { tweet_id: '1799999999999999999', text: 'to nothing' } });
    expectError(missing, 404, 'not_found');
    expectNothingCharged(missing);
    const deleted = await measuredCall(writer, 'DELETE', `/v2/tweets/${created.body.data.id}`);
    expectSuccess(deleted);
    expect(deleted.body.data).toEqual({ id: created.body.data.id, deleted: true });
    expect(fake.world.posts.some((post) => post.id === created.body.data.id)).toBe(false);
    const others = await measuredCall(writer, 'DELETE', `/v2/tweets/${I.hello}`);
    expectError(others, 403, 'forbidden');
    expectNothingCharged(others);
  });

  it('like and unlike, retweet and unretweet, follow and unfollow change X', async () => {
    const like = await measuredCall(writer, 'POST', `/v2/tweets/${I.second}/like`);
    expect(like.body.data).toEqual({ tweet_id: I.second, liked: true });
    expectCharged(like, PRICE.write);
    expect(fake.world.likes).toContainEqual([I.bob, I.second]);
    await writer.call('DELETE', `/v2/tweets/${I.second}/like`);
    expect(fake.world.likes).not.toContainEqual([I.bob, I.second]);
    const missing = await measuredCall(writer, 'POST', '/v2/tweets/1799999999999999999/like');
    expectError(missing, 404, 'not_found');
    expectNothingCharged(missing);

    const retweet = await writer.call('POST', `/v2/tweets/${I.second}/retweet`);
    expect(retweet.body.data).toMatchObject({ tweet_id: I.second, retweeted: true });
    expect(fake.world.posts.find((post) => post.id === retweet.body.data.retweet_id)).toMatchObject({ authorId: I.bob, referencedPosts: [{ type: 'retweeted', id: I.second }] });
    await writer.call('DELETE', `/v2/tweets/${I.second}/retweet`);
    expect(fake.world.posts.some((post) => post.id === retweet.body.data.retweet_id)).toBe(false);

    const follow = await writer.call('POST', '/v2/users/carol/follow');
    expect(follow.body.data).toEqual({ username: 'carol', following: true });
    expect(fake.world.follows).toContainEqual([I.bob, I.carol]);
    const unfollow = await writer.call('DELETE', '/v2/users/carol/follow');
    expect(unfollow.body.data).toEqual({ username: 'carol', following: false });
    expect(fake.world.follows).not.toContainEqual([I.bob, I.carol]);
  });

  it('checks default to the connected account; /v2/account names it', async () => {
    const like = await writer.call('GET', `/v2/tweets/${I.hello}/check-like`);
    expect(like.body.data).toMatchObject({ user: { id: I.bob, username: 'bob' }, liked: true });
    const me = await writer.call('GET', '/v2/account');
    expect(me.body.data).toMatchObject({ connected_account: { username: 'bob' }, platforms: { default: 'x', current: 'x' } });
  });

  it('a token X no longer accepts is a 403 forbidden saying to reconnect, charged nothing', async () => {
    fake.revokeUser(I.bob);
    const answer = await measuredCall(writer, 'POST', `/v2/tweets/${I.second}/like`);
    expectError(answer, 403, 'forbidden');
    expect(answer.body.error.message).toMatch(/reconnect/);
    expectNothingCharged(answer);
  });
});

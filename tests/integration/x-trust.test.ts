import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setServedPlatforms } from '@/lib/platform/served-platforms';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { expectCharged, expectNothingCharged, measuredCall, PRICE } from '../support/api-charges';
import { expectError, expectSuccess, expectTweet, expectUser } from '../support/api-records';
import { startFakeX, type FakeX } from '../support/fake-x-api';
import { captureLogs } from '../support/log-capture';
import { LONG_POST_TEXT, X_IDS as I, xPlatforms, xWorld } from '../support/x-world';

// Issue 30 through the whole API: counts X does not give are null (never 0), long posts read
// from note_post, retweets and quotes embedded with their authors (X no longer expands those),
// records X gives in a shape its own syntax refuses are left out and not charged, and X's
// refusals by kind (400/422 → 502, the app's 401/403 → 503 with one operator line).

let fake: FakeX;
let account: ApiAccount;

// Records that break X's syntax, followers of alice and posts of bob's timeline beside good ones.
const BAD = { user: '1007', post: '1800000000000000010', negative: '1800000000000000011' } as const;

beforeAll(async () => {
  const world = xWorld();
  world.users.push(
    { id: 'abc!', username: 'sneaky', name: 'Bad id' },
    { id: BAD.user, username: 'has space', name: 'Bad username' },
    { id: '1008', username: 'minus', name: 'Negative', publicMetrics: { followersCount: -5 } },
  );
  world.follows.push(['abc!', I.alice], [BAD.user, I.alice], ['1008', I.alice]);
  world.posts.push(
    { id: 'x-1', text: 'an id that is no id', authorId: I.bob, createdAt: new Date(Date.UTC(2026, 10, 20, 13)).toISOString() },
    { id: BAD.negative, text: 'a negative count', authorId: I.bob, createdAt: new Date(Date.UTC(2026, 10, 20, 14)).toISOString(), publicMetrics: { likeCount: -1 } },
    { id: BAD.post, text: 'a time that is no time', authorId: I.bob, createdAt: 'yesterday' },
  );
  fake = await startFakeX(world);
  setServedPlatforms(xPlatforms(fake));
  account = await createApiAccount({ label: 'x-trust' });
});

afterAll(async () => {
  setServedPlatforms(null);
  expect(fake?.unmatched ?? []).toEqual([]);
  await fake?.close();
  await expectLedgersBalanced();
});

describe('what X does not give is null, never 0', () => {
  it('a user without public_metrics has null counts', async () => {
    const answer = await measuredCall(account, 'GET', '/v2/users/frank');
    expectSuccess(answer);
    expectUser(answer.body.data);
    expect(answer.body.data).toMatchObject({ followers_count: null, following_count: null, tweet_count: null, like_count: null, media_count: null, listed_count: null });
    expectCharged(answer, PRICE.profile);
  });

  it("a user's tweet_count is X's post_count, its pinned post X's pinned_post_id", async () => {
    const answer = await account.call('GET', '/v2/users/alice');
    expect(answer.body.data).toMatchObject({ tweet_count: 3, followers_count: 7, pinned_tweet_ids: [I.hello] });
  });

  it("a long post is its note_post's text and entities; counts X leaves out are null", async () => {
    const answer = await measuredCall(account, 'GET', `/v2/tweets/${I.long}`);
    expectSuccess(answer);
    expectTweet(answer.body.data);
    const hashtag = LONG_POST_TEXT.indexOf('#wading');
    expect(answer.body.data).toMatchObject({
      text: LONG_POST_TEXT,
      bookmark_count: null,
      view_count: null,
      author: { username: 'frank', followers_count: null },
      entities: { hashtags: [{ tag: 'wading', start: hashtag, end: hashtag + 7 }] },
    });
    expect(typeof answer.body.data.like_count).toBe('number');
    expectCharged(answer, PRICE.tweet);
  });

  it("retweets and quotes carry the referenced post with its author; retweet_count is X's repost_count", async () => {
    const retweet = await account.call('GET', `/v2/tweets/${I.retweet}`);
    expectTweet(retweet.body.data);
    expect(retweet.body.data).toMatchObject({ is_retweet: true, retweeted_tweet: { id: I.hello, author: { username: 'alice' }, retweet_count: 1 } });
    const quote = await account.call('GET', `/v2/tweets/${I.quote}`);
    expect(quote.body.data).toMatchObject({ is_quote: true, quoted_tweet: { id: I.hello, author: { username: 'alice' } } });
    const reply = await account.call('GET', `/v2/tweets/${I.reply}`);
    expect(reply.body.data).toMatchObject({ is_reply: true, in_reply_to: { tweet_id: I.hello, user_id: I.alice } });
  });
});

describe('nothing from X is taken on trust', () => {
  it('followers with an id or username X would refuse, or a negative count, are left out and not charged', async () => {
    const log = captureLogs();
    try {
      const answer = await measuredCall(account, 'GET', '/v2/users/alice/followers', { query: { count: 100 } });
      expectSuccess(answer);
      const usernames = answer.body.data.map((user: { username: string }) => user.username);
      expect(usernames).toEqual(expect.arrayContaining(['bob', 'carol', 'dan', 'erin']));
      expect(usernames).not.toEqual(expect.arrayContaining(['sneaky']));
      expect(usernames).not.toContain('has space');
      expect(usernames).not.toContain('minus');
      expect(answer.body.data).toHaveLength(4);
      expect(answer.body.meta.result_count).toBe(4);
      expectCharged(answer, 4 * PRICE.follower);
      const warnings = log.records().filter((record) => record.level === 40 && record.component === 'x');
      // Each line names the call whose answer left the record out.
      const leftOut = warnings.filter((record) => /left out a user/.test(record.msg));
      expect(leftOut.length).toBeGreaterThan(0);
      for (const record of leftOut) expect(record.request_id).toBe(answer.body.meta.request_id);
    } finally {
      log.restore();
    }
  });

  it('posts with an id that is no id, a negative count or no time are left out of a timeline and its charge', async () => {
    const answer = await measuredCall(account, 'GET', '/v2/users/bob/replies', { query: { count: 50 } });
    expectSuccess(answer);
    const ids: string[] = answer.body.data.map((tweet: { id: string }) => tweet.id);
    expect(ids).not.toContain('x-1');
    expect(ids).not.toContain(BAD.negative);
    expect(ids).not.toContain(BAD.post);
    expect(ids).toContain(I.reply);
    for (const tweet of answer.body.data) expectTweet(tweet);
    expectCharged(answer, ids.length * PRICE.tweet);
  });

  it('a single lookup of a record X gives in a shape Perch cannot trust is a 404, charged nothing', async () => {
    const post = await measuredCall(account, 'GET', `/v2/tweets/${BAD.negative}`);
    expectError(post, 404, 'not_found');
    expectNothingCharged(post);
    const user = await measuredCall(account, 'GET', '/v2/users/minus');
    expectError(user, 404, 'not_found');
    expectNothingCharged(user);
  });
});

describe("X's refusals by kind, none charged", () => {
  it.each([400, 422])("X's %i is a 502 upstream_error with X's message", async (status) => {
    fake.faults.set(`/2/users/by/username/refused${status}`, { kind: 'status', status, body: { title: 'Invalid Request', detail: `One or more parameters to your request was invalid (${status}).`, type: 'https://api.x.com/2/problems/invalid-request' } });
    const answer = await measuredCall(account, 'GET', `/v2/users/refused${status}`);
    expectError(answer, 502, 'upstream_error');
    expect(answer.body.error.message).toContain(`One or more parameters to your request was invalid (${status}).`);
    expectNothingCharged(answer);
  });

  it.each([401, 403])("X's %i to the app's bearer token is a 503, with one line for the operator", async (status) => {
    const log = captureLogs();
    try {
      fake.faults.set(`/2/users/by/username/app${status}`, { kind: 'status', status });
      const requestIds: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const answer = await measuredCall(account, 'GET', `/v2/users/app${status}`);
        expectError(answer, 503, 'unavailable');
        expectNothingCharged(answer);
        requestIds.push(answer.body.meta.request_id);
      }
      const records = log.records();
      const alerts = records.filter((record) => record.level === 50 && record.component === 'x' && record.msg.startsWith(`X refused Perch's app credentials (${status}`));
      expect(alerts).toHaveLength(1);
      expect(alerts[0].msg).toMatch(/PERCH_X_BEARER_TOKEN/);
      // The line names the call that met the fault first.
      expect(alerts[0].request_id).toBe(requestIds[0]);
      expect(JSON.stringify(records)).not.toContain(fake.bearerToken);
    } finally {
      log.restore();
    }
  });
});

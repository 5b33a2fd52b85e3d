import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, getBalance, grantCredits } from '@/lib/credits';
import { getBilling } from '@/lib/dashboard/get-billing';
import { getOverview } from '@/lib/dashboard/get-overview';
import { getUsage } from '@/lib/dashboard/get-usage';
import { getPool } from '@/lib/db/pool';
import { issueKey } from '@/lib/keys';
import { Meter } from '@/lib/metering/meter';
import { readMeteringConfig } from '@/lib/metering/metering-config';
import { expectLedgersBalanced, type ApiAccount, type ApiAnswer, type CallOptions } from '../support/api-client';
import { createTestUser } from '../support/account-fixtures';
import { CONTRACT_OPERATIONS } from '../support/api-operations';
import { groupWithMost, tweetWithMost, userWithMost } from '../support/api-subjects';
import { setUpWriter, type Writer } from '../support/api-writer';

// Issue 27, point 1: a balance read right after a paid call shows its charge. Usage is written
// behind (lib/metering) and the stored balance counts a server's lease in full until the flush
// moves a charge out of it, so GET /v2/account answered the balance from before the call for
// up to a flush interval. Here one process is one server: calls through dispatch, and every read
// right after them, without flushing first (the support client's balance() flushes; not used here).

const ROOT = path.resolve(import.meta.dirname, '..', '..');

let writer: Writer;
let email: string;

beforeAll(async () => {
  writer = await setUpWriter('read-own-writes');
  ({ rows: [{ email }] } = await getPool().query<{ email: string }>('SELECT email FROM users WHERE id = $1', [writer.account.userId]));
});

afterAll(async () => {
  await expectLedgersBalanced();
});

type Sample = { id: string; method: string; path: string; options?: Omit<CallOptions, 'key'> };

/** One successful call of every paid operation of the contract, in an order where each finds what it needs. */
async function paidSamples(): Promise<Sample[]> {
  const { me, other, target } = writer;
  const [tweets, mentions, replies, media, followers, following, verified] = await Promise.all([
    userWithMost.tweets(),
    userWithMost.mentions(),
    userWithMost.replies(),
    userWithMost.media(),
    userWithMost.followers(),
    userWithMost.following(),
    userWithMost.verifiedFollowers(),
  ]);
  const [quoted, conversation, retweeted, liked] = await Promise.all([tweetWithMost.quotes(), tweetWithMost.replies(), tweetWithMost.retweets(), tweetWithMost.likes()]);
  const [listMembers, listSubscribers, communityTweets, communityMembers] = await Promise.all([
    groupWithMost.listMembers(),
    groupWithMost.listSubscribers(),
    groupWithMost.communityTweets(),
    groupWithMost.communityMembers(),
  ]);
  const page = { query: { count: 3 } };
  return [
    { id: 'searchTweets', method: 'POST', path: '/v2/search', options: { body: { query: 'the', count: 3 } } },
    { id: 'searchUsers', method: 'POST', path: '/v2/search/users', options: { body: { query: 'a', count: 3 } } },
    { id: 'getUser', method: 'GET', path: `/v2/users/${tweets}` },
    { id: 'getUserTweets', method: 'GET', path: `/v2/users/${tweets}/tweets`, options: page },
    { id: 'getUserMentions', method: 'GET', path: `/v2/users/${mentions}/mentions`, options: page },
    { id: 'getUserReplies', method: 'GET', path: `/v2/users/${replies}/replies`, options: page },
    { id: 'getUserMedia', method: 'GET', path: `/v2/users/${media}/media`, options: page },
    { id: 'getUserFollowers', method: 'GET', path: `/v2/users/${followers}/followers`, options: page },
    { id: 'getUserFollowerIds', method: 'GET', path: `/v2/users/${followers}/followers-ids`, options: page },
    { id: 'getUserFollowing', method: 'GET', path: `/v2/users/${following}/following`, options: page },
    { id: 'getUserVerifiedFollowers', method: 'GET', path: `/v2/users/${verified}/verified-followers`, options: page },
    { id: 'getUsersBatch', method: 'POST', path: '/v2/users/batch', options: { body: { usernames: [tweets, followers] } } },
    { id: 'getTweet', method: 'GET', path: `/v2/tweets/${target.id}` },
    { id: 'getTweetConversation', method: 'GET', path: `/v2/tweets/${conversation}/conversation`, options: page },
    { id: 'getTweetQuotes', method: 'GET', path: `/v2/tweets/${quoted}/quotes`, options: page },
    { id: 'getTweetsBatch', method: 'POST', path: '/v2/tweets/batch', options: { body: { ids: [target.id, quoted] } } },
    { id: 'getTweetRetweeters', method: 'GET', path: `/v2/tweets/${retweeted}/retweeters`, options: page },
    { id: 'getTweetLikers', method: 'GET', path: `/v2/tweets/${liked}/likers`, options: page },
    { id: 'getListTweets', method: 'GET', path: `/v2/lists/${listMembers}/tweets`, options: page },
    { id: 'getListMembers', method: 'GET', path: `/v2/lists/${listMembers}/members`, options: page },
    { id: 'getListSubscribers', method: 'GET', path: `/v2/lists/${listSubscribers}/subscribers`, options: page },
    { id: 'getCommunity', method: 'GET', path: `/v2/communities/${communityTweets}` },
    { id: 'getCommunityTweets', method: 'GET', path: `/v2/communities/${communityTweets}/tweets`, options: page },
    { id: 'getCommunityMembers', method: 'GET', path: `/v2/communities/${communityMembers}/members`, options: page },
    { id: 'getTrending', method: 'GET', path: '/v2/trending', options: { query: { country: 'JP', count: 3 } } },
    { id: 'checkFollow', method: 'GET', path: '/v2/users/check-follow', options: { query: { target: other.username } } },
    { id: 'checkRetweet', method: 'GET', path: `/v2/tweets/${target.id}/check-retweet` },
    { id: 'checkLike', method: 'GET', path: `/v2/tweets/${target.id}/check-like` },
    { id: 'createTweet', method: 'POST', path: '/v2/tweets/create', options: { body: { text: `read own writes ${me.username}` } } },
    { id: 'replyToTweet', method: 'POST', path: '/v2/tweets/reply', options: { body: { tweet_id: target.id, text: 'a reply, read back' } } },
    { id: 'quoteTweet', method: 'POST', path: '/v2/tweets/quote', options: { body: { quoted_tweet_id: target.id, text: 'a quote, read back' } } },
    // deleteTweet's path is filled in with the tweet createTweet made (see the test).
    { id: 'deleteTweet', method: 'DELETE', path: '/v2/tweets/{created}' },
    { id: 'likeTweet', method: 'POST', path: `/v2/tweets/${target.id}/like` },
    { id: 'unlikeTweet', method: 'DELETE', path: `/v2/tweets/${target.id}/like` },
    { id: 'retweetTweet', method: 'POST', path: `/v2/tweets/${target.id}/retweet` },
    { id: 'unretweetTweet', method: 'DELETE', path: `/v2/tweets/${target.id}/retweet` },
    { id: 'followUser', method: 'POST', path: `/v2/users/${other.username}/follow` },
    { id: 'unfollowUser', method: 'DELETE', path: `/v2/users/${other.username}/follow` },
  ];
}

type AccountView = { balance: number; spent: number };

/** GET /v2/account with the account's key, as a client reads its balance: no flush first. */
async function accountView(account: ApiAccount): Promise<AccountView> {
  const answer = await account.call('GET', '/v2/account');
  expect(answer.status).toBe(200);
  return { balance: answer.body.data.balance, spent: answer.body.data.key.credits_spent };
}

type Measured = { id: string; answer: ApiAnswer; before: AccountView; after: AccountView };

/** Mismatches between what a call says it charged and what GET /v2/account shows right after it. */
function mismatches(measured: Measured[]): string[] {
  return measured.flatMap(({ id, answer, before, after }) => {
    const charged = answer.body.meta?.credits_charged;
    const moved = before.balance - after.balance;
    const spent = after.spent - before.spent;
    const remaining = answer.body.meta?.credits_remaining;
    return moved === charged && spent === charged && remaining === after.balance
      ? []
      : [`${id}: charged ${charged}, balance ${before.balance} → ${after.balance} (moved ${moved}), key spent +${spent}, credits_remaining ${remaining}`];
  });
}

describe('a balance read right after a paid call (one server)', () => {
  it('GET /v2/account moves by exactly credits_charged after each of the paid operations, the key’s credits_spent too', async () => {
    const samples = await paidSamples();
    // Every paid operation of the contract is here: a new one must be added to this test.
    expect(samples.map((s) => s.id).sort()).toEqual(CONTRACT_OPERATIONS.filter((op) => op.unit !== 'free').map((op) => op.id).sort());
    const { account } = writer;
    const measured: Measured[] = [];
    let created = '';
    for (const sample of samples) {
      const before = await accountView(account);
      const answer = await account.call(sample.method, sample.path.replace('{created}', created), sample.options);
      const after = await accountView(account);
      expect(answer.status, `${sample.id}: ${answer.text.slice(0, 300)}`).toBe(200);
      expect(answer.body.meta.credits_charged, sample.id).toBeGreaterThan(0);
      if (sample.id === 'createTweet') created = answer.body.data.id;
      measured.push({ id: sample.id, answer, before, after });
    }
    expect(mismatches(measured)).toEqual([]);

    // A repeated write, and an Idempotency-Key replay: whatever they charge, the balance shows it.
    const again: Measured[] = [];
    const idempotent = { body: { text: 'written once, read back' }, headers: { 'Idempotency-Key': `read-own-${crypto.randomBytes(4).toString('hex')}` } };
    for (const [id, method, callPath, options] of [
      ['likeTweet', 'POST', `/v2/tweets/${writer.target.id}/like`, {}],
      ['likeTweet (repeat)', 'POST', `/v2/tweets/${writer.target.id}/like`, {}],
      ['createTweet (Idempotency-Key)', 'POST', '/v2/tweets/create', idempotent],
      ['createTweet (its replay)', 'POST', '/v2/tweets/create', idempotent],
    ] as const) {
      const before = await accountView(account);
      const answer = await account.call(method, callPath, options);
      const after = await accountView(account);
      expect(answer.status, `${id}: ${answer.text.slice(0, 300)}`).toBe(200);
      again.push({ id, answer, before, after });
    }
    expect(again[0].answer.body.meta.credits_charged).toBeGreaterThan(0);
    expect(again[2].answer.body.meta.credits_charged).toBeGreaterThan(0);
    expect(again[3].answer.body.meta.credits_charged).toBe(0);
    expect(mismatches(again)).toEqual([]);
  });

  it('the dashboard’s Overview, Billing and Usage figures include a paid call answered a moment before', async () => {
    const { account } = writer;
    const usageBefore = await getUsage(account.userId, 7);
    const trendingBefore = usageBefore.operations.find((op) => op.operation === 'getTrending')?.credits ?? 0;
    const answer = await account.call('GET', '/v2/trending', { query: { country: 'Worldwide', count: 5 } });
    expect(answer.status).toBe(200);
    const charged = answer.body.meta.credits_charged;
    expect(charged).toBeGreaterThan(0);
    const [overview, billing, usage] = await Promise.all([getOverview(account.userId), getBilling(account.userId), getUsage(account.userId, 7)]);
    const balance = answer.body.meta.credits_remaining;
    expect({ overview: overview.balance, billing: billing.balance }).toEqual({ overview: balance, billing: balance });
    expect(billing.totalGranted - billing.totalUsed - billing.heldTotal).toBe(balance);
    expect(usage.operations.find((op) => op.operation === 'getTrending')?.credits).toBe(trendingBefore + charged);
    expect(usage.byOperation.series).toContain('getTrending');
  });

  it('another instance’s charge shows here within 1 s, and this server’s shows in a plain database read (the admin CLI’s) within 1 s', async () => {
    const { account } = writer;
    const start = await accountView(account);
    // A second server on the same database: its own meter, its own lease of the same key.
    const other = new Meter(readMeteringConfig(), `read-own-writes-other-${crypto.randomBytes(3).toString('hex')}`);
    try {
      const reserved = await other.reserve({ userId: account.userId, keyId: account.keyId, requestId: `req_other_${crypto.randomBytes(6).toString('hex')}`, amount: 18 });
      expect(reserved.ok).toBe(true);
      if (!reserved.ok) return;
      await reserved.ticket.settle(18, { operation: 'getUser', tag: 'Users', status: 200, items: 1, latencyMs: 1, source: 'api' });
      const answeredAt = Date.now();
      let seen = start;
      while (seen.balance !== start.balance - 18 && Date.now() - answeredAt < 3_000) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        seen = await accountView(account);
      }
      const lag = Date.now() - answeredAt;
      expect(seen.balance).toBe(start.balance - 18);
      expect(lag, 'the other instance’s charge took this long to show').toBeLessThanOrEqual(1_000);
    } finally {
      await other.stop();
    }

    // This server's call, read by a process that meters nothing (what the admin CLI does).
    // (Not credits_remaining: this server's idea of the stored balance dates from its last
    // statement, before the other instance gave its lease back.)
    const before = await accountView(account);
    const answer = await account.call('GET', `/v2/users/${writer.other.username}`);
    const answeredAt = Date.now();
    expect(answer.body.meta.credits_charged).toBeGreaterThan(0);
    const expected = before.balance - answer.body.meta.credits_charged;
    expect((await accountView(account)).balance).toBe(expected);
    while ((await getBalance(account.userId)) !== expected && Date.now() - answeredAt < 3_000) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await getBalance(account.userId)).toBe(expected);
    expect(Date.now() - answeredAt).toBeLessThanOrEqual(1_000);
    const cli = await new Promise<string>((resolve, reject) =>
      execFile('npm', ['run', '--silent', 'admin', '--', 'balance', '--email', email], { cwd: ROOT, env: { ...process.env }, timeout: 60_000 }, (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout.trim()),
      ),
    );
    expect(cli).toBe(String(expected));
  });
});

describe('Meter.readWithUnwritten', () => {
  it('a read between calls is exact while flushes run every 10 ms and interleave with it', async () => {
    const userId = await createTestUser('read-own-meter');
    await grantCredits(userId, 1_000_000, 'test grant');
    const { id: keyId } = await issueKey({ userId, name: 'k', scopes: ['read'], rateLimit: 100_000 });
    const meter = new Meter({ ...readMeteringConfig(), flushIntervalMs: 10 }, `read-own-meter-${crypto.randomBytes(3).toString('hex')}`);
    let spent = 0;
    const wrong: string[] = [];
    try {
      for (let i = 0; i < 150; i += 1) {
        const charge = 1 + (i % 7);
        const reserved = await meter.reserve({ userId, keyId, requestId: `req_rw_${i}_${crypto.randomBytes(4).toString('hex')}`, amount: 10 });
        expect(reserved.ok).toBe(true);
        if (!reserved.ok) return;
        await reserved.ticket.settle(charge, { operation: 'getUser', tag: 'Users', status: 200, items: 1, latencyMs: 1, source: 'api' });
        spent += charge;
        const { value, unwritten } = await meter.readWithUnwritten(userId, () => getBalance(userId));
        if (value - unwritten.total !== 1_000_000 - spent) wrong.push(`after ${i + 1} calls: ${value} − ${unwritten.total} unwritten, expected ${1_000_000 - spent}`);
        if (i % 3 === 0) await new Promise((resolve) => setTimeout(resolve, i % 11));
      }
    } finally {
      await meter.stop();
    }
    expect(wrong).toEqual([]);
    expect(await checkLedger(userId)).toMatchObject({ ok: true, keysOk: true, usage: spent, balance: 1_000_000 - spent, leased: 0, holds: 0 });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExportSlice } from '@/lib/api/exports/run-export';
import { findOperation } from '@/lib/api/registry';
import { localExportStorage } from '@/lib/exports/local-export-storage';
import { getServedPlatforms } from '@/lib/platform/served-platforms';
import {
  AuthenticationError,
  ConnectionError,
  InsufficientCreditsError,
  NotFoundError,
  Perch,
  PerchError,
  PermissionError,
  RateLimitError,
  ROUTES,
  ServerError,
  TimeoutError,
  ValidationError,
} from '@perch/client';
import type { OperationId, PerchOptions, PerchResult } from '@perch/client';
import { getPool } from '@/lib/db/pool';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { expectTweet, expectUser } from '../support/api-records';
import { startServer, type RunningServer } from '../support/api-server';
import { MISSING_ID, MISSING_USERNAME, countOf, subjectsForEveryListing } from '../support/api-subjects';
import { createFixtureUsers, type FixtureUser } from '../support/platform-fixtures';
import { recordingFetch } from '../support/recording-fetch';

// The TypeScript client (lib/client) against the production server (server.ts, started once
// for this file) over real HTTP: every method, retries, typed errors, pagination, timeouts.

let server: RunningServer;
let account: ApiAccount;
let perch: Perch;
let me: FixtureUser;
let other: FixtureUser;
let target: { id: string };
let exportDir: string;

const subjects = {} as Awaited<ReturnType<typeof subjectsForEveryListing>>;

/** A client for `key` (default: the main account's) on the test server. */
function client(options: PerchOptions = {}): Perch {
  return new Perch({ apiKey: account.key, baseUrl: server.url, ...options });
}

beforeAll(async () => {
  [me, other] = await createFixtureUsers(getPool(), 2);
  account = await createApiAccount({ label: 'client', connect: me.username });
  const { rows } = await getPool().query<{ id: string }>(
    'SELECT id::text FROM platform.tweets WHERE retweeted_tweet_id IS NULL AND author_id <> $1 ORDER BY id DESC LIMIT 1',
    [me.id],
  );
  target = rows[0];
  Object.assign(subjects, await subjectsForEveryListing());
  // Per-call database holds (no credit leases): balances read right after a call are final.
  // Leases, which settle in the database with the next usage flush, have their own tests (metering*.test.ts).
  // No export runner in the server: exports would charge the account behind the balance checks
  // below; the exports test runs its export's slices here, on the server's directory.
  exportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-client-http-exports-'));
  server = await startServer(process.env.DATABASE_URL!, { PERCH_CREDIT_LEASES: '0', PERCH_EXPORT_RUNNER: 'off', PERCH_EXPORT_DIR: exportDir });
  perch = client();
}, 10 * 60_000);

afterAll(async () => {
  // Stopped first: the server finishes what aborted requests started before the ledgers are read.
  await server?.stop();
  await expectLedgersBalanced();
  if (exportDir) fs.rmSync(exportDir, { recursive: true, force: true });
});

describe('every method, once', () => {
  let created: string;
  let ruleId: string;
  let webhookId: string;
  let deliveryId: string;
  let exportId: string;
  // Pages of 2: the test seed's most quoted tweet has 3 quotes, so every listing has a next page.
  const page = { count: 2 };

  // A mapped type over OperationId: leaving an operation out fails to compile.
  const calls: { [Id in OperationId]: () => Promise<PerchResult<Id>> } = {
    searchTweets: () => perch.searchTweets({ query: 'the', ...page, sort: 'popular', include_replies: false }),
    // 'an' is inside many names, so the search has several pages.
    searchUsers: () => perch.searchUsers({ query: 'an', ...page }),
    getUser: () => perch.getUser(`@${subjects.followers.toUpperCase()}`),
    getUserTweets: () => perch.getUserTweets(subjects.tweets, { ...page, sort: 'engagement' }),
    getUserMentions: () => perch.getUserMentions(subjects.mentions, page),
    getUserReplies: () => perch.getUserReplies(subjects.replies, page),
    getUserMedia: () => perch.getUserMedia(subjects.media, page),
    getUserFollowers: () => perch.getUserFollowers(subjects.followers, { ...page, sort: 'followers' }),
    getUserFollowerIds: () => perch.getUserFollowerIds(subjects.followers, page),
    getUserFollowing: () => perch.getUserFollowing(subjects.following, page),
    getUserVerifiedFollowers: () => perch.getUserVerifiedFollowers(subjects.verifiedFollowers, page),
    getUsersBatch: () => perch.getUsersBatch({ usernames: [subjects.tweets, MISSING_USERNAME, subjects.followers] }),
    getTweet: () => perch.getTweet(target.id),
    getTweetConversation: () => perch.getTweetConversation(subjects.conversation, page),
    getTweetQuotes: () => perch.getTweetQuotes(subjects.quoted, page),
    getTweetsBatch: () => perch.getTweetsBatch({ ids: [target.id, MISSING_ID] }),
    getTweetRetweeters: () => perch.getTweetRetweeters(subjects.retweeted, page),
    getTweetLikers: () => perch.getTweetLikers(subjects.liked, page),
    getListTweets: () => perch.getListTweets(subjects.listMembers, page),
    getListMembers: () => perch.getListMembers(subjects.listMembers, page),
    getListSubscribers: () => perch.getListSubscribers(subjects.listSubscribers, page),
    getCommunity: () => perch.getCommunity(subjects.communityMembers),
    getCommunityTweets: () => perch.getCommunityTweets(subjects.communityTweets, page),
    getCommunityMembers: () => perch.getCommunityMembers(subjects.communityMembers, page),
    getTrending: () => perch.getTrending({ country: 'JP', count: 3 }),
    // The checks leave out source/username: they default to the connected account.
    checkFollow: () => perch.checkFollow({ target: other.username }),
    checkRetweet: () => perch.checkRetweet(target.id),
    checkLike: () => perch.checkLike(target.id),
    createTweet: async () => {
      const result = await perch.createTweet({ text: `from the TypeScript client ${Date.now().toString(36)}` });
      created = result.data.id;
      return result;
    },
    replyToTweet: () => perch.replyToTweet({ tweet_id: `https://x.com/someone/status/${target.id}`, text: 'a reply from the client' }),
    quoteTweet: () => perch.quoteTweet({ quoted_tweet_id: target.id, text: 'a quote from the client' }),
    deleteTweet: () => perch.deleteTweet(created),
    likeTweet: () => perch.likeTweet(target.id),
    unlikeTweet: () => perch.unlikeTweet(target.id),
    retweetTweet: () => perch.retweetTweet(target.id),
    unretweetTweet: () => perch.unretweetTweet(target.id),
    followUser: () => perch.followUser(other.username),
    unfollowUser: () => perch.unfollowUser(`@${other.username}`),
    getAccount: () => perch.getAccount(),
    createRule: async () => {
      const result = await perch.createRule({ tag: 'client', query: 'from the TypeScript client' });
      ruleId = result.data.id;
      return result;
    },
    listRules: async () => {
      // A page of three, as for the other lists.
      for (const tag of ['second', 'third']) await perch.createRule({ tag, accounts: [me.username] });
      return perch.listRules(page);
    },
    validateRule: () => perch.validateRule({ tag: 'check', query: '#news lang:en' }),
    getRule: () => perch.getRule(ruleId),
    updateRule: () => perch.updateRule(ruleId, { tag: 'client, updated', query: 'client' }),
    pauseRule: () => perch.pauseRule(ruleId),
    resumeRule: () => perch.resumeRule(ruleId),
    deleteRule: () => perch.deleteRule(ruleId),
    createWebhook: async () => {
      // Nothing listens there: deliveries stay pending, which is all these calls need.
      const result = await perch.createWebhook({ url: 'https://receiver.invalid/perch', description: 'client test' });
      webhookId = result.data.id;
      return result;
    },
    listWebhooks: async () => {
      await perch.createWebhook({ url: 'https://receiver.invalid/perch/2' });
      return perch.listWebhooks();
    },
    rotateWebhookSecret: () => perch.rotateWebhookSecret(webhookId, { overlap_seconds: 60 }),
    testWebhook: async () => {
      const result = await perch.testWebhook(webhookId);
      deliveryId = result.data.delivery_id;
      return result;
    },
    listWebhookDeliveries: async () => {
      await perch.testWebhook(webhookId);
      return perch.listWebhookDeliveries(webhookId, page);
    },
    replayWebhookDelivery: async () => {
      // Only finished deliveries replay; this one is made to look as if its day of retries ran out.
      await getPool().query(`UPDATE realtime_deliveries SET status = 'failed' WHERE id = $1`, [deliveryId]);
      return perch.replayWebhookDelivery(deliveryId);
    },
    deleteWebhook: () => perch.deleteWebhook(webhookId),
    // Three stored account events (their sources have their own tests): a page of 2 and a next one.
    listEvents: async () => {
      await getPool().query(`INSERT INTO realtime_matches (user_id, event, data) SELECT $1, 'budget.threshold', jsonb_build_object('n', n) FROM generate_series(1, 3) n`, [account.userId]);
      return perch.listEvents(page);
    },
    // Exports are only queued here (the server runs none): each call is free.
    createExport: async () => {
      const result = await perch.createExport({ operation: 'getUserFollowers', params: { username: subjects.followers } });
      exportId = result.data.id;
      return result;
    },
    estimateExport: () => perch.estimateExport({ operation: 'getUserFollowerIds', params: { username: subjects.followers }, max_items: 5 }),
    listExports: async () => {
      await perch.createExport({ operation: 'searchTweets', params: { query: 'the' }, format: 'csv', max_items: 3 });
      return perch.listExports(page);
    },
    getExport: () => perch.getExport(exportId),
    cancelExport: () => perch.cancelExport(exportId),
    deleteExport: () => perch.deleteExport(exportId),
    getUsage: () => perch.getUsage({ group_by: 'operation' }),
    listUsageEvents: () => perch.listUsageEvents(page),
  };

  // What each answer must say beyond its schema, where the call determines it.
  const expectations: Partial<{ [Id in OperationId]: (result: PerchResult<Id>) => void }> = {
    getUser: ({ data }) => expect(data.username.toLowerCase()).toBe(subjects.followers.toLowerCase()),
    getUsersBatch: ({ data, meta }) => {
      expect(data.map((user) => user.username.toLowerCase())).toEqual([subjects.tweets.toLowerCase(), subjects.followers.toLowerCase()]);
      expect(meta.not_found).toEqual([MISSING_USERNAME]);
    },
    getTweetsBatch: ({ data, meta }) => {
      expect(data.map((tweet) => tweet.id)).toEqual([target.id]);
      expect(meta.not_found).toEqual([MISSING_ID]);
    },
    getTrending: ({ data }) => expect(data).toMatchObject({ country: 'Japan' }),
    checkFollow: ({ data }) => expect(data).toMatchObject({ source: { username: me.username }, target: { username: other.username }, following: false }),
    checkLike: ({ data }) => expect(data).toMatchObject({ tweet_id: target.id, user: { username: me.username }, liked: false }),
    createTweet: ({ data }) => expect(data).toMatchObject({ author: { username: me.username } }),
    replyToTweet: ({ data }) => expect(data).toMatchObject({ is_reply: true, in_reply_to: { tweet_id: target.id } }),
    quoteTweet: ({ data }) => expect(data).toMatchObject({ is_quote: true, quoted_tweet: { id: target.id } }),
    deleteTweet: ({ data }) => expect(data).toEqual({ id: created, deleted: true }),
    likeTweet: ({ data }) => expect(data).toEqual({ tweet_id: target.id, liked: true }),
    unlikeTweet: ({ data }) => expect(data).toEqual({ tweet_id: target.id, liked: false }),
    retweetTweet: ({ data }) => expect(data).toMatchObject({ tweet_id: target.id, retweeted: true }),
    unretweetTweet: ({ data }) => expect(data).toEqual({ tweet_id: target.id, retweeted: false }),
    followUser: ({ data }) => expect(data).toEqual({ username: other.username, following: true }),
    unfollowUser: ({ data }) => expect(data).toEqual({ username: other.username, following: false }),
    getAccount: ({ data }) => expect(data).toMatchObject({ balance: expect.any(Number), key: { scopes: ['read', 'write'] }, connected_account: { username: me.username } }),
    createExport: ({ data }) => expect(data).toMatchObject({ status: 'queued', operation: 'getUserFollowers', params: { username: subjects.followers }, format: 'jsonl' }),
    estimateExport: ({ data }) => expect(data).toMatchObject({ at_most: { items: 5, credits: 5 } }),
    listExports: ({ data }) => expect(data.map((job) => job.operation)).toEqual(['searchTweets', 'getUserFollowers']),
    getExport: ({ data }) => expect(data).toMatchObject({ id: exportId, status: 'queued' }),
    cancelExport: ({ data }) => expect(data).toMatchObject({ id: exportId, status: 'cancelled' }),
    deleteExport: ({ data }) => expect(data).toEqual({ id: exportId, deleted: true }),
    listEvents: ({ data }) => expect(data.map((event) => [event.type, event.rule, event.data])).toEqual([['budget.threshold', null, { n: 1 }], ['budget.threshold', null, { n: 2 }]]),
    getUsage: ({ data }) => expect(data.groups.find((group) => group.operation === 'getUser')?.calls).toBeGreaterThan(0),
    listUsageEvents: ({ data }) => expect(data.map((event) => [event.operation, event.key_id])).toEqual([['getUsage', account.keyId], ['deleteExport', account.keyId]]),
  };

  for (const route of ROUTES) {
    it(`${route.id}: ${route.method} ${route.path}`, async () => {
      const id = route.id as OperationId;
      const operation = findOperation(id)!;
      const result = (await calls[id]()) as PerchResult<OperationId>;
      const balance = await account.balance();

      const parsed = operation.response.safeParse(result.data);
      expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
      if (Array.isArray(result.data) && route.id !== 'getUsersBatch' && route.id !== 'getTweetsBatch') expect(result.data.length, 'a page of items').toBe(page.count);
      (expectations[id] as ((value: unknown) => void) | undefined)?.(result);

      const { meta } = result;
      expect(meta.request_id).toMatch(/^req_/);
      expect(Number.isInteger(meta.latency_ms) && meta.latency_ms >= 0).toBe(true);
      expect(meta.result_count).toBe(Array.isArray(result.data) ? result.data.length : 1);
      expect(meta.has_next_page).toBe(meta.next_cursor !== null);
      if (route.paged) expect(typeof meta.next_cursor).toBe('string');
      const cost = operation.cost;
      expect(meta.credits_charged).toBe(cost.per === 'item' ? meta.result_count * cost.credits : cost.credits);
      expect(meta.credits_remaining).toBe(balance);
    });
  }

  it('returned records the contract describes, field by field', async () => {
    const tweets = await perch.getUserTweets(subjects.tweets, { count: 2 });
    for (const tweet of tweets.data) expectTweet(tweet);
    expectUser((await perch.getUser(subjects.followers)).data);
  });
});

describe('exports over HTTP', () => {
  it('waits for an export, downloads it gzip\'d and as it is, and reads its records', async () => {
    const followers = await perch.paginate.getUserFollowers(subjects.followers, { count: 1000 }).toArray();
    const job = await perch.exports.create({ operation: 'getUserFollowers', params: { username: subjects.followers } });
    const waiting = perch.exports.waitFor(job.id, { intervalMs: 20 });
    // The slices run here, on the server's directory (its own runner is off).
    const options = { owner: 'client-test', leaseMs: 60_000, sliceMs: 60_000, failAfterMs: 3_600_000, pageTimeoutMs: 30_000, storage: localExportStorage(exportDir), served: getServedPlatforms(), requeue: async () => undefined };
    expect(await runExportSlice(job.id, options)).toBe('ended');
    const done = await waiting;
    expect(done).toMatchObject({ status: 'completed', items: followers.length });

    const zipped = await perch.exports.download(job.id, { gzip: true });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const plain = await perch.exports.download(job.id, { gzip: false });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-disposition')).toMatch(/^attachment; filename="perch-.+\.jsonl"/);
    const text = await plain.text();
    expect(await zipped.text()).toBe(text);
    expect(Buffer.byteLength(text)).toBe(done.size_bytes);

    const records = [];
    for await (const record of perch.exports.records(job.id)) records.push(record);
    expect(records).toEqual(text.trimEnd().split('\n').map((line) => JSON.parse(line)));
    expect(records).toEqual(followers);
    await perch.exports.delete(job.id);
  });
});

describe('authentication options', () => {
  it('takes the key from PERCH_API_KEY when none is given', async () => {
    const saved = process.env.PERCH_API_KEY;
    process.env.PERCH_API_KEY = account.key;
    try {
      const fromEnv = new Perch({ baseUrl: server.url });
      expect((await fromEnv.getAccount()).data.connected_account).toEqual({ username: me.username });
    } finally {
      if (saved === undefined) delete process.env.PERCH_API_KEY;
      else process.env.PERCH_API_KEY = saved;
    }
  });

  it('with apiKey null sends no Authorization: the server answers 401 unless headers or a session authenticate', async () => {
    const recorder = recordingFetch();
    const keyless = new Perch({ apiKey: null, baseUrl: `${server.url}/`, fetch: recorder.fetch, credentials: 'include' });
    await expect(keyless.getAccount()).rejects.toBeInstanceOf(AuthenticationError);
    expect(recorder.attempts[0].headers.has('authorization')).toBe(false);
    expect(recorder.attempts[0].url).toBe(`${server.url}/v2/account`);

    const viaHeaders = new Perch({ apiKey: null, baseUrl: server.url, headers: { Authorization: `Bearer ${account.key}` } });
    expect((await viaHeaders.getAccount()).data.connected_account).toEqual({ username: me.username });
  });
});

describe('typed errors', () => {
  it('400 is a ValidationError with the per-field problems, not retried', async () => {
    const recorder = recordingFetch();
    const error = await client({ fetch: recorder.fetch })
      .searchTweets({ query: 'the', count: 5000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toBeInstanceOf(PerchError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_request', requestId: expect.stringMatching(/^req_/) });
    expect((error as ValidationError).problems.map((problem) => problem.path)).toEqual(['count']);
    expect(recorder.attempts).toHaveLength(1);

    // Unknown fields are refused by the server, not silently dropped by the client.
    const typo = await perch.searchTweets({ query: 'the', cuont: 5 } as never).catch((e: unknown) => e);
    expect(typo).toBeInstanceOf(ValidationError);
    expect((typo as ValidationError).problems).toEqual([{ path: 'cuont', message: 'unknown body parameter "cuont"' }]);
  });

  it('401 is an AuthenticationError', async () => {
    const error = await client({ apiKey: `perch_${'x'.repeat(32)}` })
      .getAccount()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', message: 'this API key does not exist' });
  });

  it('402 is an InsufficientCreditsError with what the call needed, and charges nothing', async () => {
    const poor = await createApiAccount({ label: 'client-poor', credits: 0 });
    const error = await client({ apiKey: poor.key })
      .getUser(subjects.followers)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientCreditsError);
    expect(error).toMatchObject({ status: 402, code: 'insufficient_credits', details: { required: 18, balance: 0 } });
    expect((error as InsufficientCreditsError).required).toBe(18);
    expect(await poor.balance()).toBe(0);
  });

  it('403 is a PermissionError', async () => {
    const reader = await createApiAccount({ label: 'client-reader', scopes: ['read'] });
    const error = await client({ apiKey: reader.key })
      .createTweet({ text: 'not allowed' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    expect(error).toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('404 is a NotFoundError', async () => {
    for (const call of [() => perch.getUser(MISSING_USERNAME), () => perch.getTweet(MISSING_ID), () => perch.getUserTweets(MISSING_USERNAME)]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ status: 404, code: 'not_found' });
    }
  });
});

describe('429: waits Retry-After and retries', () => {
  it('succeeds after waiting at least the Retry-After the server sent', async () => {
    const limited = await createApiAccount({ label: 'client-limited', rateLimit: 1 });
    const recorder = recordingFetch();
    const slow = client({ apiKey: limited.key, fetch: recorder.fetch });
    // Rate 1 with a burst of 2: the third call within the second is refused and must wait.
    for (let i = 0; i < 5 && !recorder.attempts.some((attempt) => attempt.status === 429); i++) {
      const result = await slow.getAccount();
      expect(result.data.key?.rate_limit).toBe(1);
    }
    const refused = recorder.attempts.findIndex((attempt) => attempt.status === 429);
    expect(refused, 'a 429 was provoked').toBeGreaterThan(0);
    const retryAfter = Number(recorder.attempts[refused].retryAfter);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    const retried = recorder.attempts[refused + 1];
    expect(retried.status).toBe(200);
    expect(retried.startedAt - recorder.attempts[refused].answeredAt!).toBeGreaterThanOrEqual(retryAfter * 1000);
  });

  it('retries a write after a 429 too (the server refused it before doing anything), with the same Idempotency-Key', async () => {
    const limited = await createApiAccount({ label: 'client-limited-writer', rateLimit: 1, connect: me.username });
    const recorder = recordingFetch();
    const slow = client({ apiKey: limited.key, fetch: recorder.fetch });
    await slow.getAccount();
    await slow.getAccount();
    const liked = await slow.likeTweet(target.id);
    expect(liked.data).toEqual({ tweet_id: target.id, liked: true });
    const writes = recorder.attempts.filter((attempt) => attempt.method === 'POST');
    expect(writes.map((attempt) => attempt.status)).toEqual([429, 200]);
    expect(writes[1].headers.get('idempotency-key')).toBe(writes[0].headers.get('idempotency-key'));
    await slow.unlikeTweet(target.id);
  });

  it('throws a RateLimitError with retryAfter once maxRetries are used up', async () => {
    const limited = await createApiAccount({ label: 'client-limited-0', rateLimit: 1 });
    const impatient = client({ apiKey: limited.key, maxRetries: 0 });
    const outcomes = await Promise.allSettled([impatient.getAccount(), impatient.getAccount(), impatient.getAccount()]);
    const rejected = outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => (outcome as PromiseRejectedResult).reason);
    expect(rejected.length).toBeGreaterThan(0);
    expect(rejected[0]).toBeInstanceOf(RateLimitError);
    expect(rejected[0]).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((rejected[0] as RateLimitError).retryAfter).toBeGreaterThanOrEqual(1);
    expect((rejected[0] as RateLimitError).headers?.get('x-ratelimit-limit')).toBe('1');
  });
});

describe('5xx and network failures: retried only when repeating is safe', () => {
  it('retries a read after a connection failure and a gateway 503', async () => {
    const recorder = recordingFetch(['fail-before', 'gateway-503']);
    const result = await client({ fetch: recorder.fetch }).getUser(subjects.followers);
    expect(result.data.username.toLowerCase()).toBe(subjects.followers.toLowerCase());
    expect(recorder.attempts.map((attempt) => attempt.status)).toEqual([null, 503, 200]);
  });

  it('retries a write whose answer was lost with the same Idempotency-Key: the server replays it and charges once', async () => {
    const text = `lost answer ${Date.now().toString(36)}`;
    const before = await account.balance();
    const recorder = recordingFetch(['lose-answer']);
    const result = await client({ fetch: recorder.fetch }).createTweet({ text });
    expect(recorder.attempts).toHaveLength(2);
    const [first, second] = recorder.attempts.map((attempt) => attempt.headers.get('idempotency-key'));
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toBe(first);
    expect(result.meta.credits_charged).toBe(0);
    expect(result.meta.original_request_id).toMatch(/^req_/);
    expect(await account.balance()).toBe(before - 100);
    expect(await countOf('SELECT count(*) AS n FROM platform.tweets WHERE text = $1', [text])).toBe(1);
  });

  it('does not retry a write sent without an Idempotency-Key', async () => {
    const text = `no key ${Date.now().toString(36)}`;
    const lost = recordingFetch(['lose-answer']);
    const error = await client({ fetch: lost.fetch })
      .createTweet({ text }, { idempotencyKey: null })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ status: null, code: 'connection_error' });
    expect(lost.attempts).toHaveLength(1);
    expect(lost.attempts[0].headers.has('idempotency-key')).toBe(false);
    expect(await countOf('SELECT count(*) AS n FROM platform.tweets WHERE text = $1', [text])).toBe(1);

    const gateway = recordingFetch(['gateway-503']);
    const failed = await client({ fetch: gateway.fetch })
      .likeTweet(target.id, {}, { idempotencyKey: null })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ServerError);
    expect(failed).toMatchObject({ status: 503, code: 'invalid_response' });
    expect(gateway.attempts).toHaveLength(1);
  });

  it('uses a caller-chosen Idempotency-Key: a repeat is a replay', async () => {
    const key = `client-test-${Date.now().toString(36)}`;
    const first = await perch.createTweet({ text: `chosen key ${key}` }, { idempotencyKey: key });
    const again = await perch.createTweet({ text: `chosen key ${key}` }, { idempotencyKey: key });
    expect(again.data.id).toBe(first.data.id);
    expect(first.meta.credits_charged).toBe(100);
    expect(again.meta).toMatchObject({ credits_charged: 0, original_request_id: first.meta.request_id });
  });
});

describe('pagination', () => {
  it('stops at maxItems, asking the last page for only what is still wanted', async () => {
    const recorder = recordingFetch();
    const paging = client({ fetch: recorder.fetch });
    const ids: string[] = [];
    for await (const user of paging.paginate.getUserFollowers(subjects.followers, { count: 3 }, { maxItems: 10 })) ids.push(user.id);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
    expect(recorder.attempts.map((attempt) => new URL(attempt.url).searchParams.get('count'))).toEqual(['3', '3', '3', '1']);
    const whole = await perch.getUserFollowers(subjects.followers, { count: 10 });
    expect(ids).toEqual(whole.data.map((user) => user.id));
  });

  it('walks a result set to its end, each item once and in order', async () => {
    const { rows } = await getPool().query<{ username: string; n: string }>(
      `SELECT u.username, count(*) AS n FROM platform.follows f JOIN platform.users u ON u.id = f.followee_id
       GROUP BY u.username HAVING count(*) BETWEEN 8 AND 40 ORDER BY count(*) DESC, u.username LIMIT 1`,
    );
    const { username, n } = rows[0];
    const pages = [];
    for await (const result of perch.paginate.getUserFollowers(username, { count: 3 }).pages()) pages.push(result);
    const ids = pages.flatMap((result) => result.data.map((user) => user.id));
    expect(ids).toHaveLength(Number(n));
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages.length).toBe(Math.ceil(Number(n) / 3));
    expect(pages.slice(0, -1).every((result) => result.meta.has_next_page && result.data.length === 3)).toBe(true);
    expect(pages.at(-1)!.meta).toMatchObject({ has_next_page: false, next_cursor: null });
    expect(pages.reduce((sum, result) => sum + result.meta.credits_charged, 0)).toBe(Number(n));
    const whole = await perch.getUserFollowers(username, { count: 1000 });
    expect(ids).toEqual(whole.data.map((user) => user.id));
  });

  it('pages a POST operation through its body, and follower ids as strings', async () => {
    const tweets = await perch.paginate.searchTweets({ query: 'the', count: 5 }, { maxItems: 12 }).toArray();
    expect(tweets).toHaveLength(12);
    expect(new Set(tweets.map((tweet) => tweet.id)).size).toBe(12);
    const whole = await perch.searchTweets({ query: 'the', count: 12 });
    expect(tweets.map((tweet) => tweet.id)).toEqual(whole.data.map((tweet) => tweet.id));

    const ids = await perch.paginate.getUserFollowerIds(subjects.followers, { count: 4 }, { maxPages: 2 }).toArray();
    expect(ids).toHaveLength(8);
    expect(ids.every((id) => /^[0-9]+$/.test(id))).toBe(true);
  });
});

describe('timeouts and aborts', () => {
  it('aborts an attempt after timeoutMs with a TimeoutError', async () => {
    const recorder = recordingFetch(['hang']);
    const started = performance.now();
    const error = await client({ fetch: recorder.fetch, timeoutMs: 300, maxRetries: 0 })
      .getUser(subjects.followers)
      .catch((e: unknown) => e);
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ status: null, code: 'timeout' });
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(3000);
  });

  it('times out against the real server when it cannot answer in time', async () => {
    const error = await client({ timeoutMs: 1, maxRetries: 0 })
      .searchTweets({ query: 'the', count: 1000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it('retries an idempotent call that timed out', async () => {
    const recorder = recordingFetch(['hang']);
    const result = await client({ fetch: recorder.fetch, timeoutMs: 300 }).getUser(subjects.followers);
    expect(result.data.username.toLowerCase()).toBe(subjects.followers.toLowerCase());
    expect(recorder.attempts.map((attempt) => attempt.status)).toEqual([null, 200]);
  });

  it('gives the caller’s abort back as is, without retrying', async () => {
    const recorder = recordingFetch(['hang', 'hang']);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user gave up')), 100);
    await expect(client({ fetch: recorder.fetch }).getUser(subjects.followers, {}, { signal: controller.signal })).rejects.toThrow('user gave up');
    expect(recorder.attempts).toHaveLength(1);
  });
});

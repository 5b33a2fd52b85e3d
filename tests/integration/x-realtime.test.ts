import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { startRealtime, type Realtime } from '@/lib/delivery/start-realtime';
import { setServedPlatforms } from '@/lib/platform/served-platforms';
import type { FakePost } from '../support/fake-x-world';
import { waitFor } from '../support/account-fixtures';
import { expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { startRealtimeHarness, type RealtimeHarness } from '../support/realtime-harness';
import { matchesOf, pairs } from '../support/bluesky-realtime-helpers';
import { startFakeX, type FakeX } from '../support/fake-x-api';
import { nextId } from '../support/fake-x-world';
import { openSse } from '../support/sse-client';
import { X_IDS as I, xPlatforms, xWorld } from '../support/x-world';

// Real-time rules on X: Perch polls the fake X API's recent search (X API v2's documented
// shapes, since_id and next_token honoured) for each rule, and each (rule, tweet) reaches
// GET /v2/stream and a signed webhook once, across a restart and a 429. Time runs 50 times
// faster for the X source (a second of intervals lasts 20 ms): a rule's 10 s are 200 ms.

process.env.PERCH_STREAM_HEARTBEAT_MS = '200';
process.env.PERCH_WEBHOOK_RETRY_BASE_MS = '200';
const X_TIME = { x: { secondMs: 20 } };
const SEARCH = '/2/tweets/search/recent';

let fake: FakeX;
let account: ApiAccount;
let realtime: Realtime | null = null;
let stopHarness: RealtimeHarness['stop'] | undefined;
let base: string;
let receiver: RealtimeHarness['receiver'];
const word = `egret${crypto.randomBytes(4).toString('hex')}`;
const orA = `ibis${crypto.randomBytes(4).toString('hex')}`;
const orB = `stork${crypto.randomBytes(4).toString('hex')}`;
const tag = `crane${crypto.randomBytes(4).toString('hex')}`;

/** A new tweet in the fake's world, made now. */
function post(authorId: string, text: string, extra: Partial<FakePost> = {}): string {
  const id = nextId();
  fake.world.posts.push({ id, text, authorId, createdAt: new Date().toISOString(), conversationId: id, lang: 'en', ...extra });
  return id;
}

const searches = () => fake.calls.filter((call) => call.startsWith(`GET ${SEARCH}`));

async function matchCount(): Promise<number> {
  const { rows } = await getPool().query<{ n: number }>('SELECT count(*)::int AS n FROM realtime_matches WHERE key_id = $1', [account.keyId]);
  return rows[0].n;
}

async function positions(): Promise<{ rule_id: string; query: string; since_id: string | null }[]> {
  const { rows } = await getPool().query<{ rule_id: string; query: string; since_id: string | null }>(
    'SELECT p.rule_id::text, p.query, p.since_id FROM realtime_x_positions p JOIN realtime_rules r ON r.id = p.rule_id WHERE r.key_id = $1 ORDER BY p.rule_id',
    [account.keyId],
  );
  return rows;
}

beforeAll(async () => {
  fake = await startFakeX(xWorld());
  setServedPlatforms(xPlatforms(fake));
  ({ account, receiver, base, stop: stopHarness } = await startRealtimeHarness('x-realtime'));
});

afterAll(async () => {
  await stopHarness?.(realtime);
  await fake?.close();
  await expectLedgersBalanced();
});

describe('rules on X, by polling recent search', () => {
  const sent: Record<string, string> = {};
  let lastEventId = '';

  it('are created on X with a poll interval, and what X cannot run is a 400', async () => {
    const words = await account.call('POST', '/v2/rules', { body: { tag: 'words', query: word, interval_seconds: 10 } });
    expect(words.status).toBe(200);
    expect(words.body.data).toMatchObject({ type: 'query', platform: 'x', status: 'active', interval_seconds: 10 });
    const fromBob = await account.call('POST', '/v2/rules', { body: { tag: 'from-bob', query: `from:bob ${word}`, interval_seconds: 10 } });
    expect(fromBob.status).toBe(200);
    const either = await account.call('POST', '/v2/rules', { body: { tag: 'either', query: `${orA} OR ${orB}`, interval_seconds: 10 } });
    expect(either.status).toBe(200);
    const hashtag = await account.call('POST', '/v2/rules', { body: { tag: 'hashtag', query: `#${tag}` } });
    expect(hashtag.body.data.interval_seconds).toBe(60);
    const carol = await account.call('POST', '/v2/rules', { body: { tag: 'carol', accounts: ['carol'], interval_seconds: 10 } });
    expect(carol.body.data).toMatchObject({ type: 'accounts', accounts: ['carol'], platform: 'x' });

    const refused = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
      const answer = await account.call('POST', '/v2/rules/validate', { body: { tag: 't', ...body }, headers });
      expect(answer.status).toBe(400);
      return String(answer.body.error.message);
    };
    // Perch's search runs these; X's query language does not.
    expect(await refused({ query: 'lang:en' })).toMatch(/on X, a rule needs a word/);
    expect(await refused({ query: '-cats -dogs' })).toMatch(/on X, a rule needs a word/);
    expect(await refused({ query: 'a'.repeat(505) })).toMatch(/over X's limit of 512/);
    expect(await refused({ query: word, interval_seconds: 5 })).toMatch(/interval_seconds/);
    // Elsewhere new tweets are pushed: there is no interval to set.
    expect(await refused({ query: word, interval_seconds: 30 }, { 'perch-platform': 'local' })).toMatch(/applies to rules on X only/);
    expect((await account.call('POST', '/v2/rules/validate', { body: { tag: 't', query: 'lang:en' }, headers: { 'perch-platform': 'local' } })).status).toBe(200);
  });

  it('deliver new tweets to the stream and the webhook once, nothing from before the rule', async () => {
    const before = post(I.alice, `${word} before any poll`, { createdAt: new Date(Date.now() - 5_000).toISOString() });
    realtime = await startRealtime(X_TIME);
    // Each query's position is stored when the source first sees it: the start, no backfill.
    await waitFor(async () => (await positions()).length === 5, 10_000);
    const stream = await openSse(`${base}/v2/stream`, { authorization: `Bearer ${account.key}` });
    expect(stream.response.status).toBe(200);

    sent.alice = post(I.alice, `${word} from alice`);
    sent.bob = post(I.bob, `${word} from bob`);
    sent.either = post(I.dan, `a ${orB} passes by`);
    sent.hashtag = post(I.erin, `look #${tag}`, { entities: { hashtags: [{ start: 5, end: 6 + tag.length, tag }] } });
    sent.carol = post(I.carol, 'carol says something else');
    post(I.dan, 'dan matches no rule');
    // Rules mean what search means: retweets are left out of query rules.
    post(I.erin, `RT @alice: ${word} from alice`, { referencedPosts: [{ type: 'retweeted', id: sent.alice }] });

    const expected = [
      `words ${sent.alice}`,
      `words ${sent.bob}`,
      `from-bob ${sent.bob}`,
      `either ${sent.either}`,
      `hashtag ${sent.hashtag}`,
      `carol ${sent.carol}`,
    ].sort();
    await waitFor(() => pairs(matchesOf(stream.events)).length >= expected.length, 30_000);
    await waitFor(() => receiver.received.length >= expected.length, 30_000);
    expect(pairs(matchesOf(stream.events))).toEqual(expected);
    expect(matchesOf(stream.events).find((m) => m.tweet.id === sent.bob)!.tweet).toMatchObject({ text: `${word} from bob`, author: { username: 'bob' } });
    expect(pairs(receiver.received.map((r) => ({ rule: r.body.match!.rule, tweet: r.body.tweet! })))).toEqual(expected);
    expect(receiver.rejected).toEqual([]);
    expect(matchesOf(stream.events).some((m) => m.tweet.id === before)).toBe(false);
    expect(await matchCount()).toBe(expected.length);
    // The account rule asks X for its accounts by id; query rules leave retweets out.
    expect(searches().some((call) => new URL(call.slice(4), 'https://x').searchParams.get('query') === `from:${I.carol}`)).toBe(true);
    expect(searches().some((call) => new URL(call.slice(4), 'https://x').searchParams.get('query') === `${word} from:bob -is:retweet`)).toBe(true);
    expect(fake.unmatched).toEqual([]);
    lastEventId = stream.events.filter((e) => e.event === 'match').at(-1)!.id!;
    await stream.close();
  });

  it('resume after a restart from the stored since_id: tweets made while down arrive, nothing twice', async () => {
    await realtime!.stop();
    realtime = null;
    const stored = await positions();
    const words = stored.find((p) => p.query === `${word} -is:retweet`)!;
    expect(BigInt(words.since_id!)).toBeGreaterThanOrEqual(BigInt(sent.bob));

    sent.down1 = post(I.alice, `${word} while perch was down`);
    sent.down2 = post(I.erin, `${word} also while down`);
    // As if a poll's answer had been read but not committed: the position falls back to the
    // rule's start, X answers everything again, and each (rule, tweet) is still recorded once.
    await getPool().query('UPDATE realtime_x_positions SET since_id = NULL WHERE rule_id = $1::bigint AND query = $2', [words.rule_id, words.query]);

    realtime = await startRealtime(X_TIME);
    const stream = await openSse(`${base}/v2/stream`, { authorization: `Bearer ${account.key}`, 'last-event-id': lastEventId });
    await waitFor(() => pairs(matchesOf(stream.events)).length >= 2, 30_000);
    sent.after = post(I.bob, `${word} after the restart`);
    await waitFor(() => pairs(matchesOf(stream.events)).length >= 4, 30_000);
    await waitFor(() => receiver.received.length >= 10, 30_000);
    expect(pairs(matchesOf(stream.events))).toEqual([`from-bob ${sent.after}`, `words ${sent.after}`, `words ${sent.down1}`, `words ${sent.down2}`].sort());
    expect(await matchCount()).toBe(10);
    expect(new Set(receiver.received.map((r) => r.deliveryId)).size).toBe(10);
    expect(receiver.counts().duplicates).toBe(0);
    await stream.close();
  });

  it('waits for X’s reset after a 429, then finds what was posted meanwhile', async () => {
    const from = fake.calls.length;
    fake.faults.set(SEARCH, { kind: 'rate_limit', resetIn: 2 });
    await waitFor(() => fake.calls.slice(from).some((call) => call.startsWith(`GET ${SEARCH}`)), 10_000);
    fake.faults.delete(SEARCH);
    const limited = from + fake.calls.slice(from).findIndex((call) => call.startsWith(`GET ${SEARCH}`));
    sent.limited = post(I.alice, `${word} during the rate limit`);

    await waitFor(async () => (await matchCount()) === 11, 30_000);
    const next = fake.calls.findIndex((call, i) => i > limited && call.startsWith(`GET ${SEARCH}`));
    // X's reset is whole seconds: the 429 named at least the second two after it was sent.
    expect(fake.callTimes[next]).toBeGreaterThanOrEqual((Math.floor(fake.callTimes[limited] / 1000) + 2) * 1000);
    await waitFor(() => receiver.received.length >= 11, 30_000);
    expect(receiver.received.at(-1)!.body).toMatchObject({ match: { rule: { tag: 'words' } }, tweet: { id: sent.limited } });
  });

  it('forget a paused rule’s position and poll nothing once no rule watches X', async () => {
    const { rows } = await getPool().query<{ id: string }>('SELECT id::text FROM realtime_rules WHERE key_id = $1', [account.keyId]);
    for (const { id } of rows) expect((await account.call('POST', `/v2/rules/${id}/pause`)).status).toBe(200);
    await waitFor(async () => (await positions()).length === 0, 10_000);
    const count = searches().length;
    // Ten of the shortest intervals: nothing is asked of X.
    await new Promise((resolve) => setTimeout(resolve, 10 * 200));
    expect(searches().length).toBe(count);
  });
});

import crypto from 'node:crypto';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Perch } from '@perch/client';
import { setBalanceThreshold } from '@/lib/alerts/balance-alert';
import { checkLowBalances } from '@/lib/alerts/balance-low-events';
import { getPool } from '@/lib/db/pool';
import { eventPrice, isPaidEvent } from '@/lib/delivery/charge-match';
import { eventRetentionDays, purgeExpiredEvents } from '@/lib/delivery/event-store';
import { closeNotifications } from '@/lib/delivery/notifications';
import { startRealtime, type Realtime } from '@/lib/delivery/start-realtime';
import { issueKey } from '@/lib/keys';
import { ensurePriceBook } from '@/lib/prices/price-book-sync';
import { waitFor } from '../support/account-fixtures';
import { callApi, createApiAccount, type ApiAccount } from '../support/api-client';
import { setUpWriter, type Writer } from '../support/api-writer';
import { serveApiOnLoopback } from '../support/loopback-api';
import { openSse } from '../support/sse-client';
import { startWebhookReceiver } from '../support/webhook-receiver';

// The event store (issue 32) end to end: tweets written through /v2 are matched by a real
// realtime instance, an account.balance_low is raised by the balance watcher's own pass, and
// GET /v2/events lists what each key may see, filtered and paged. Deliveries honour each
// endpoint's event filter, the stream carries account events, and the purge keeps the retention.

type EventItem = { id: string; type: string; created_at: string; rule: { id: string; tag: string } | null; tweet: { id: string } | null; data: unknown };

let writer: Writer;
let realtime: Realtime;
let server: http.Server;
let base: string;
let everything: Awaited<ReturnType<typeof startWebhookReceiver>>;
let balanceOnly: Awaited<ReturnType<typeof startWebhookReceiver>>;
const word = `quokka${crypto.randomBytes(4).toString('hex')}`;

// Workspace A with two keys, each with a rule on the same word; workspace B with one such rule.
let a1: ApiAccount;
let a2: { key: string; call: ApiAccount['call'] };
let b: ApiAccount;
let ruleA1: string;
let ruleA2: string;
let ruleB: string;
let everythingEndpoint: string;
let balanceEndpoint: string;
const tweets: string[] = [];

async function post(text: string): Promise<string> {
  const answer = await writer.account.call('POST', '/v2/tweets/create', { body: { text } });
  expect(answer.status).toBe(200);
  return answer.body.data.id as string;
}

async function list(account: { call: ApiAccount['call'] }, query: Record<string, string | number> = {}): Promise<EventItem[]> {
  const answer = await account.call('GET', '/v2/events', { query: { count: 1000, ...query } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.meta.credits_charged).toBe(0);
  return answer.body.data as EventItem[];
}

async function deliveries(endpointId: string) {
  const { rows } = await getPool().query<{ event: string; status: string; match_id: string | null }>(
    'SELECT event, status, match_id::text FROM realtime_deliveries WHERE endpoint_id = $1::bigint ORDER BY created_at',
    [endpointId],
  );
  return rows;
}

async function createRule(account: { call: ApiAccount['call'] }, tag: string): Promise<string> {
  const answer = await account.call('POST', '/v2/rules', { body: { tag, query: word } });
  expect(answer.status).toBe(200);
  return answer.body.data.id as string;
}

async function createEndpoint(account: ApiAccount, receiver: typeof everything): Promise<string> {
  const answer = await account.call('POST', '/v2/webhooks', { body: { url: receiver.url } });
  expect(answer.status).toBe(200);
  receiver.setSecrets([answer.body.data.secret]);
  return answer.body.data.id as string;
}

beforeAll(async () => {
  writer = await setUpWriter('events');
  everything = await startWebhookReceiver();
  balanceOnly = await startWebhookReceiver();
  realtime = await startRealtime();
  ({ server, base } = await serveApiOnLoopback());

  a1 = await createApiAccount({ label: 'events-a', credits: 100_000 });
  const second = await issueKey({ userId: a1.userId, name: 'second key', scopes: ['read', 'write'], rateLimit: 100_000 });
  a2 = { key: second.key, call: (method, path, options = {}) => callApi(method, path, { ...options, key: second.key }) };
  b = await createApiAccount({ label: 'events-b', credits: 100_000 });
  ruleA1 = await createRule(a1, 'a1');
  ruleA2 = await createRule(a2, 'a2');
  ruleB = await createRule(b, 'b');
  everythingEndpoint = await createEndpoint(a1, everything);
  balanceEndpoint = await createEndpoint(a1, balanceOnly);
  // The filter column comes with the event store's migration (the API field is another change's).
  await getPool().query(`UPDATE realtime_endpoints SET events = '{account.balance_low}' WHERE id = $1::bigint`, [balanceEndpoint]);
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await realtime?.stop();
  await everything?.down();
  await balanceOnly?.down();
  await closeNotifications();
});

describe('the event store', () => {
  it('stores matches and account events, delivered to the endpoints whose filter takes them', async () => {
    // The balance (100 000, nothing spent yet) is below this threshold: a balance pass raises
    // account.balance_low (this one or the realtime instance's own, whichever claims it).
    expect((await setBalanceThreshold(a1.userId, 200_000)).ok).toBe(true);
    await checkLowBalances();
    await waitFor(async () => (await list(a1, { type: 'account.balance_low' })).length === 1, 15_000);
    tweets.push(await post(`first ${word}`));

    await waitFor(() => everything.received.length === 3 && balanceOnly.received.length === 1, 15_000);
    // The unfiltered endpoint has both rules' matches and the balance event; the filtered one the balance event only.
    expect(everything.received.map((r) => r.body.event).sort()).toEqual(['account.balance_low', 'rule.match', 'rule.match']);
    expect(balanceOnly.received.map((r) => r.body.event)).toEqual(['account.balance_low']);
    expect((await deliveries(balanceEndpoint)).map((d) => d.event)).toEqual(['account.balance_low']);
    expect(everything.rejected).toEqual([]);
    expect(balanceOnly.rejected).toEqual([]);
    // The account event's body is as before the store (match and tweet null), and its deliveries reference the stored event.
    const [low] = balanceOnly.received;
    expect(low.body).toEqual({ id: low.deliveryId, event: 'account.balance_low', created_at: expect.any(String), match: null, tweet: null, data: { balance: 100_000, threshold: 200_000 } });
    const stored = (await list(a1, { type: 'account.balance_low' }))[0];
    expect((await deliveries(balanceEndpoint))[0].match_id).toBe(stored.id);
    expect((await deliveries(everythingEndpoint)).filter((d) => d.event === 'account.balance_low').map((d) => d.match_id)).toEqual([stored.id]);
  });

  it('lists a key its own rules’ events and its workspace’s account events, oldest first', async () => {
    const mine = await list(a1);
    expect(mine.map((e) => e.type)).toEqual(['account.balance_low', 'rule.match']);
    expect(mine[0]).toMatchObject({ rule: null, tweet: null, data: { balance: 100_000, threshold: 200_000 } });
    expect(mine[1]).toMatchObject({ rule: { id: ruleA1, tag: 'a1' }, tweet: { id: tweets[0] }, data: null });
    expect(BigInt(mine[0].id) < BigInt(mine[1].id)).toBe(true);
    expect(Date.parse(mine[0].created_at)).toBeLessThanOrEqual(Date.parse(mine[1].created_at));

    // The other key of the workspace: its own match, the same account event, never a1's match.
    const theirs = await list(a2);
    expect(theirs.map((e) => [e.type, e.rule?.id ?? null])).toEqual([
      ['account.balance_low', null],
      ['rule.match', ruleA2],
    ]);
    expect(theirs[0].id).toBe(mine[0].id);

    // Another workspace: its match only.
    const other = await list(b);
    expect(other.map((e) => [e.type, e.rule?.id ?? null, e.tweet?.id ?? null])).toEqual([['rule.match', ruleB, tweets[0]]]);
  });

  it('filters by type (one or a list), rule_id and since', async () => {
    expect((await list(a1, { type: 'account.balance_low' })).map((e) => e.type)).toEqual(['account.balance_low']);
    expect((await list(a1, { type: 'rule.match' })).map((e) => e.type)).toEqual(['rule.match']);
    expect((await list(a1, { type: 'rule.match,account.balance_low' })).map((e) => e.type)).toEqual(['account.balance_low', 'rule.match']);
    expect(await list(a1, { type: 'follow.added,budget.threshold' })).toEqual([]);
    // rule_id: that rule's events only, and no account event; another key's rule gives nothing.
    expect((await list(a1, { rule_id: ruleA1 })).map((e) => e.rule?.id)).toEqual([ruleA1]);
    expect(await list(a1, { rule_id: ruleA2 })).toEqual([]);
    expect(await list(a1, { rule_id: ruleB })).toEqual([]);
    expect(await list(a1, { since: new Date(Date.now() + 60_000).toISOString() })).toHaveLength(0);
    expect(await list(a1, { since: new Date(Date.now() - 3_600_000).toISOString() })).toHaveLength(2);

    for (const query of [{ type: 'rule.matches' }, { type: 'rule.match,' }, { since: 'yesterday' }, { rule_id: 'abc' }] as Record<string, string>[]) {
      const answer = await a1.call('GET', '/v2/events', { query });
      expect(answer.status, JSON.stringify(query)).toBe(400);
    }
    // A dashboard session or a call without a key has no key to list for.
    expect((await callApi('GET', '/v2/events')).status).toBe(401);
  });

  it('pages with count and cursor in id order, without gaps or repeats', async () => {
    for (let i = 0; i < 4; i++) tweets.push(await post(`more ${word} ${i}`));
    await waitFor(async () => (await list(a1, { type: 'rule.match' })).length === 5, 15_000);
    const all = await list(a1);
    expect(all).toHaveLength(6);
    const paged: EventItem[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const answer = await a1.call('GET', '/v2/events', { query: { count: 2, ...(cursor ? { cursor } : {}) } });
      expect(answer.status).toBe(200);
      paged.push(...(answer.body.data as EventItem[]));
      cursor = answer.body.meta.next_cursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(paged.map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect([...all.map((e) => BigInt(e.id))].sort((x, y) => (x < y ? -1 : 1))).toEqual(all.map((e) => BigInt(e.id)));
    expect(all.filter((e) => e.type === 'rule.match').map((e) => e.tweet!.id)).toEqual(tweets);
    // A cursor belongs to its parameters.
    const first = await a1.call('GET', '/v2/events', { query: { count: 2 } });
    expect((await a1.call('GET', '/v2/events', { query: { count: 2, type: 'rule.match', cursor: first.body.meta.next_cursor } })).status).toBe(400);
  });

  it('reaches the TypeScript client as perch.events.list and listAll', async () => {
    const perch = new Perch({ apiKey: a1.key, baseUrl: base, maxRetries: 0 });
    const all = await list(a1);
    const page = await perch.events.list({ type: 'account.balance_low' });
    expect(page.data.map((e) => [e.id, e.type, e.rule])).toEqual([[all[0].id, 'account.balance_low', null]]);
    const seen: string[] = [];
    for await (const event of perch.events.listAll({ count: 4 })) seen.push(event.id);
    expect(seen).toEqual(all.map((e) => e.id));
  });

  it('carries account events on the stream, by their type, and matches as "match"', async () => {
    const all = await list(a1);
    const open = await openSse(`${base}/v2/stream?last_event_id=0`, { authorization: `Bearer ${a1.key}` });
    expect(open.response.status).toBe(200);
    await waitFor(() => open.events.length >= all.length, 10_000);
    await open.close();
    expect(open.events.map((e) => [e.id, e.event])).toEqual(all.map((e) => [e.id, e.type === 'rule.match' ? 'match' : e.type]));
    const low = open.events.find((e) => e.event === 'account.balance_low')!;
    expect(JSON.parse(low.data)).toEqual({ id: low.id, type: 'account.balance_low', created_at: expect.any(String), rule: null, data: { balance: 100_000, threshold: 200_000 } });
  });

  it('purges events older than PERCH_EVENT_RETENTION_DAYS (30 by default) with their deliveries', async () => {
    const old = await getPool().query<{ id: string }>(
      `INSERT INTO realtime_matches (user_id, event, data, matched_at) VALUES ($1, 'budget.threshold', '{"old": true}', now() - interval '40 days') RETURNING id::text`,
      [a1.userId],
    );
    await getPool().query(`INSERT INTO realtime_deliveries (endpoint_id, match_id, event, status) VALUES ($1::bigint, $2::bigint, 'budget.threshold', 'delivered')`, [
      everythingEndpoint,
      old.rows[0].id,
    ]);
    expect((await list(a1, { type: 'budget.threshold' })).map((e) => e.id)).toEqual([old.rows[0].id]);
    const before = (await list(a1)).length;

    const saved = { event: process.env.PERCH_EVENT_RETENTION_DAYS, match: process.env.PERCH_MATCH_RETENTION_DAYS };
    try {
      delete process.env.PERCH_EVENT_RETENTION_DAYS;
      delete process.env.PERCH_MATCH_RETENTION_DAYS;
      expect(eventRetentionDays()).toBe(30);
      // The older setting is still read when the new one is not set.
      process.env.PERCH_MATCH_RETENTION_DAYS = '45';
      expect(eventRetentionDays()).toBe(45);
      process.env.PERCH_EVENT_RETENTION_DAYS = '60';
      expect(eventRetentionDays()).toBe(60);
      await purgeExpiredEvents();
      expect(await list(a1, { type: 'budget.threshold' })).toHaveLength(1);

      delete process.env.PERCH_EVENT_RETENTION_DAYS;
      delete process.env.PERCH_MATCH_RETENTION_DAYS;
      expect(await purgeExpiredEvents()).toBeGreaterThanOrEqual(1);
    } finally {
      for (const [name, value] of [['PERCH_EVENT_RETENTION_DAYS', saved.event], ['PERCH_MATCH_RETENTION_DAYS', saved.match]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    expect(await list(a1, { type: 'budget.threshold' })).toEqual([]);
    expect(await list(a1)).toHaveLength(before - 1);
    const { rows } = await getPool().query('SELECT 1 FROM realtime_deliveries WHERE match_id = $1::bigint', [old.rows[0].id]);
    expect(rows).toEqual([]);
  });

  it('prices each event type in one place: follows as a follower, profiles as a profile, account events free', async () => {
    await ensurePriceBook();
    expect(eventPrice('follow.added', a1.userId, 'local')).toBe(1);
    expect(eventPrice('follow.removed', a1.userId, 'local')).toBe(1);
    for (const type of ['profile.updated', 'profile.unavailable', 'profile.available']) expect(eventPrice(type, a1.userId, 'local')).toBe(18);
    expect(eventPrice('rule.match', a1.userId, 'local')).toBe(15);
    for (const type of ['account.balance_low', 'budget.threshold', 'export.completed', 'export.failed']) {
      expect(eventPrice(type, a1.userId, 'local')).toBe(0);
      expect(isPaidEvent(type)).toBe(false);
    }
    for (const type of ['rule.match', 'follow.added', 'profile.updated']) expect(isPaidEvent(type)).toBe(true);
    // The account event cost nothing: the workspace paid for its two keys' delivered matches only.
    expect(await a1.balance()).toBe(100_000 - 15 * 2 * tweets.length);
  });
});

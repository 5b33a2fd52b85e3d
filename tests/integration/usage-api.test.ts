import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '@/lib/api/define-operation';
import { dispatch } from '@/lib/api/dispatch';
import { getUsage } from '@/lib/dashboard/get-usage';
import { listRequests } from '@/lib/dashboard/request-log';
import { getPool } from '@/lib/db/pool';
import { flushMetering } from '@/lib/metering/meter';
import { apiRequest, createApiAccount, expectLedgersBalanced, readAnswer, type ApiAccount, type ApiAnswer } from '../support/api-client';
import { expectError, expectInvalid, expectSuccess } from '../support/api-records';
import { userWithMost } from '../support/api-subjects';

// Issue 31 item 3: GET /v2/usage adds up the same rollups as the dashboard's Usage page, and
// GET /v2/usage/events pages through the same request log as its Requests page; both free,
// both only the caller's workspace, both counting a call answered a moment before.

let account: ApiAccount;
let other: ApiAccount;
let username: string;
/** The request ids of account's calls, in the order they were made (the searches left out). */
const made: string[] = [];
/** The searches filed three days ago: two calls, one an error. */
const past = { calls: 2, errors: 1, items: 0, credits: 0 };

const DAY = 86_400_000;
const utcDay = (offset = 0) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

async function usage(who: ApiAccount, query: Record<string, string> = {}): Promise<ApiAnswer> {
  const answer = await who.call('GET', '/v2/usage', { query });
  expectSuccess(answer);
  expect(answer.body.meta.credits_charged).toBe(0);
  return answer;
}

async function record(answer: ApiAnswer): Promise<void> {
  made.push(answer.body.meta.request_id);
}

beforeAll(async () => {
  username = await userWithMost.tweets();
  account = await createApiAccount({ label: 'usageapi', credits: 100_000 });
  other = await createApiAccount({ label: 'usageother', credits: 100_000 });
  // Known calls: three profiles, a page of five tweets, a 404 after the hold, a 400 before it.
  for (let i = 0; i < 3; i++) {
    const answer = await account.call('GET', `/v2/users/${username}`);
    expectSuccess(answer);
    await record(answer);
  }
  const page = await account.call('GET', `/v2/users/${username}/tweets`, { query: { count: 5 } });
  expectSuccess(page);
  expect(page.body.data).toHaveLength(5);
  await record(page);
  const missing = await account.call('GET', '/v2/users/nobody_zz_9q');
  expectError(missing, 404, 'not_found');
  await record(missing);
  const refused = await account.call('GET', `/v2/users/${username}/tweets`, { query: { count: 0 } });
  expectError(refused, 400, 'invalid_request');
  await record(refused);
  // A call from the dashboard's playground, without a key.
  const caller: Caller = { userId: account.userId, keyId: null, scopes: ['read', 'write'], source: 'playground' };
  const keyless = await readAnswer(await dispatch(apiRequest('GET', `/v2/users/${username}`), { caller }));
  expectSuccess(keyless);
  await record(keyless);
  // Two searches, one refused, whose rollup is then moved to three days ago as recorded
  // before platforms were ('unknown'): the ledger's sums stay as they are.
  const search = await account.call('POST', '/v2/search', { body: { query: `from:${username}`, count: 2 } });
  expectSuccess(search);
  past.items = search.body.data.length;
  past.credits = search.body.meta.credits_charged;
  expectError(await account.call('POST', '/v2/search', { body: { query: '' } }), 400, 'invalid_request');
  await flushMetering();
  await getPool().query(
    `WITH moved AS (DELETE FROM usage_daily WHERE user_id = $1 AND operation = 'searchTweets' RETURNING *)
     INSERT INTO usage_daily (user_id, key_id, day, operation, tag, platform, calls, errors, items, credits, latency_ms_sum)
     SELECT user_id, key_id, day - 3, operation, tag, 'unknown', sum(calls), sum(errors), sum(items), sum(credits), sum(latency_ms_sum)
     FROM moved GROUP BY user_id, key_id, day, operation, tag`,
    [account.userId],
  );
  // The other workspace's calls must never show in this one's usage.
  expectSuccess(await other.call('GET', `/v2/users/${username}`));
  expectSuccess(await other.call('GET', `/v2/users/${username}/tweets`, { query: { count: 2 } }));
});

afterAll(async () => {
  await expectLedgersBalanced();
});

describe('GET /v2/usage', () => {
  it('adds up per day what the Usage page shows per day, over the same 30 UTC days by default', async () => {
    // The dashboard's figures first: reading them writes what was answered, so the API call reads the same rows.
    const dashboard = await getUsage(account.userId, 30);
    const { body } = await usage(account);
    expect(body.data).toMatchObject({ from: utcDay(-29), to: utcDay(), group_by: 'day', time_zone: 'UTC' });
    expect(body.data.groups.map((g: { day: string }) => g.day)).toEqual(dashboard.days);
    // Credits per day: the chart's stacked series of that day.
    const chartCredits = dashboard.byOperation.rows.map((row) => dashboard.byOperation.series.reduce((sum, name) => sum + Number(row[name]), 0));
    expect(body.data.groups.map((g: { credits: number }) => g.credits)).toEqual(chartCredits);
    // Calls per day: the per-key charts' days, added up.
    const chartCalls = dashboard.days.map((_, i) => dashboard.byKey.reduce((sum, key) => sum + key.days[i].calls, 0));
    expect(body.data.groups.map((g: { calls: number }) => g.calls)).toEqual(chartCalls);
    const sum = (field: 'calls' | 'items' | 'credits' | 'errors') => dashboard.operations.reduce((total, o) => total + o[field], 0);
    expect(body.data.totals).toMatchObject({ calls: sum('calls'), items: sum('items'), credits: sum('credits'), errors: sum('errors') });
    // The known calls: 7 today (this usage call, the first, is not yet), the searches three days ago.
    expect(body.data.totals).toMatchObject({ calls: 7 + past.calls, items: 3 + 5 + 1 + past.items, credits: 18 * 3 + 15 * 5 + 18 + past.credits, errors: 2 + past.errors });
    expect(body.data.groups.at(-1)).toMatchObject({ day: utcDay(), calls: 7, items: 9, credits: 147, errors: 2 });
    expect(body.data.groups.at(-4)).toMatchObject({ day: utcDay(-3), ...past, avg_latency_ms: expect.any(Number) });
    expect(body.data.groups.at(-2)).toMatchObject({ calls: 0, credits: 0, avg_latency_ms: null });
    expect(body.data.totals.avg_latency_ms).toEqual(expect.any(Number));
  });

  it('per operation, equals the Usage page’s table', async () => {
    const dashboard = await getUsage(account.userId, 30);
    // The usage calls made before (free, no items) are in both.
    const { body } = await usage(account, { group_by: 'operation' });
    expect(body.data.groups.map((g: Record<string, unknown>) => [g.operation, g.tag, g.calls, g.items, g.credits, g.errors])).toEqual(
      dashboard.operations.map((o) => [o.operation, o.tag, o.calls, o.items, o.credits, o.errors]),
    );
    expect(body.data.groups.find((g: { operation: string }) => g.operation === 'getUser')).toMatchObject({ calls: 5, items: 4, credits: 72, errors: 1 });
  });

  it('per key, equals the Usage page’s keys (its dashboard pages together as the calls without a key)', async () => {
    const dashboard = await getUsage(account.userId, 30);
    const { body } = await usage(account, { group_by: 'key' });
    const keyless = dashboard.byKey.filter((k) => k.keyId === '' || k.keyId.startsWith('source:'));
    const expected = [
      ...dashboard.byKey.filter((k) => !keyless.includes(k)).map((k) => ({ key_id: k.keyId, key_name: k.name, calls: k.calls, credits: k.credits })),
      { key_id: null, key_name: null, calls: keyless.reduce((s, k) => s + k.calls, 0), credits: keyless.reduce((s, k) => s + k.credits, 0) },
    ];
    const groups = body.data.groups.map((g: Record<string, unknown>) => ({ key_id: g.key_id, key_name: g.key_name, calls: g.calls, credits: g.credits }));
    expect(groups).toEqual(expect.arrayContaining(expected));
    expect(groups).toHaveLength(expected.length);
    expect(groups[0]).toMatchObject({ key_id: account.keyId, key_name: 'api test key' });
    expect(groups.find((g: { key_id: string | null }) => g.key_id === null)).toMatchObject({ calls: 1, credits: 18 });
  });

  it('per platform, adds up to the same totals; rows from before platforms were say unknown', async () => {
    const dashboard = await getUsage(account.userId, 30);
    const byPlatform = (await usage(account, { group_by: 'platform' })).body.data;
    const sum = (field: 'calls' | 'items' | 'credits' | 'errors') => byPlatform.groups.reduce((total: number, g: Record<string, number>) => total + g[field], 0);
    expect({ calls: sum('calls'), items: sum('items'), credits: sum('credits'), errors: sum('errors') }).toEqual({
      calls: dashboard.operations.reduce((s, o) => s + o.calls, 0),
      items: dashboard.operations.reduce((s, o) => s + o.items, 0),
      credits: dashboard.operations.reduce((s, o) => s + o.credits, 0),
      errors: dashboard.operations.reduce((s, o) => s + o.errors, 0),
    });
    expect(byPlatform.totals).toMatchObject({ calls: sum('calls'), credits: sum('credits') });
    expect(byPlatform.groups.find((g: { platform: string }) => g.platform === 'unknown')).toMatchObject(past);
    expect(byPlatform.groups.find((g: { platform: string }) => g.platform === 'local')).toMatchObject({ credits: 18 * 4 + 15 * 5 });
  });

  it('takes a span of UTC days, both included', async () => {
    const { body } = await usage(account, { from: utcDay(-3), to: utcDay(-3) });
    expect(body.data).toMatchObject({ from: utcDay(-3), to: utcDay(-3), totals: past });
    expect(body.data.groups).toEqual([{ day: utcDay(-3), ...past, avg_latency_ms: expect.any(Number) }]);
    const untilYesterday = await usage(account, { to: utcDay(-1) });
    expect(untilYesterday.body.data).toMatchObject({ from: utcDay(-30), to: utcDay(-1), totals: past });
    expect(untilYesterday.body.data.groups).toHaveLength(30);
    const year = await usage(account, { from: utcDay(-365), group_by: 'operation' });
    expect(year.body.data.from).toBe(utcDay(-365));
  });

  it('counts a call answered a moment before, without waiting for the write-behind flush', async () => {
    const before = (await usage(account, { group_by: 'operation' })).body.data;
    const answer = await account.call('GET', `/v2/users/${username}`);
    expectSuccess(answer);
    await record(answer);
    const after = (await usage(account, { group_by: 'operation' })).body.data;
    const calls = (data: { groups: Array<{ operation: string; calls: number }> }, id: string) => data.groups.find((g) => g.operation === id)?.calls ?? 0;
    expect(calls(after, 'getUser')).toBe(calls(before, 'getUser') + 1);
    // The usage call before it is counted too: it was answered (free) before this one.
    expect(calls(after, 'getUsage')).toBe(calls(before, 'getUsage') + 1);
    expect(after.totals.credits).toBe(before.totals.credits + 18);
  });

  it('answers 400 naming the field for a bad span or grouping, and charges nothing', async () => {
    const balance = await account.balance();
    const cases: Array<[Record<string, string>, string]> = [
      [{ group_by: 'week' }, 'group_by'],
      [{ from: utcDay(), to: utcDay(-1) }, 'from'],
      [{ from: utcDay(-366), to: utcDay() }, 'from'],
      [{ from: '2026-02-30' }, 'from'],
      [{ to: 'yesterday' }, 'to'],
      [{ days: '7' }, 'days'],
    ];
    for (const [query, path] of cases) {
      const answer = await account.call('GET', '/v2/usage', { query });
      expectInvalid(answer, path);
    }
    expectInvalid(await account.call('GET', '/v2/usage/events', { query: { count: 0 } }), 'count');
    expectInvalid(await account.call('GET', '/v2/usage/events', { query: { count: 1001 } }), 'count');
    expectInvalid(await account.call('GET', '/v2/usage/events', { query: { cursor: 'not-a-cursor' } }), 'cursor');
    expect(await account.balance()).toBe(balance);
  });

  it('is free: usage calls charge nothing and leave the balance as it was', async () => {
    const balance = await account.balance();
    for (const group_by of ['day', 'operation', 'key', 'platform']) expect((await usage(account, { group_by })).body.meta.credits_remaining).toBe(balance);
    const events = await account.call('GET', '/v2/usage/events', { query: { count: 5 } });
    expectSuccess(events);
    expect(events.body.meta.credits_charged).toBe(0);
    expect(await account.balance()).toBe(balance);
  });
});

describe('GET /v2/usage/events', () => {
  it('pages through the request log as the dashboard lists it: every call once, newest first, with what it was sent', async () => {
    await flushMetering();
    const dashboard = await listRequests(account.userId, { limit: 200 });
    expect(dashboard.next).toBeNull();
    const seen: Array<Record<string, any>> = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const answer = await account.call('GET', '/v2/usage/events', { query: cursor ? { count: 3, cursor } : { count: 3 } });
      expectSuccess(answer);
      expect(answer.body.meta.credits_charged).toBe(0);
      seen.push(...answer.body.data);
      cursor = answer.body.meta.next_cursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(Math.ceil(dashboard.requests.length / 3));
    // The pages' own calls are newer than the first page: they never show up in later ones.
    expect(seen.map((e) => e.request_id)).toEqual(dashboard.requests.map((r) => r.requestId));
    expect(new Set(seen.map((e) => e.request_id)).size).toBe(seen.length);
    const times = seen.map((e) => Date.parse(e.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Every known call, newest first, among the usage calls.
    expect(seen.map((e) => e.request_id).filter((id) => made.includes(id))).toEqual([...made].reverse());
    for (const [i, event] of seen.entries()) {
      const row = dashboard.requests[i];
      expect(event).toMatchObject({ created_at: row.at, operation: row.operation, status: row.status, items: row.items, credits: row.credits, latency_ms: row.latencyMs, source: row.source, key_id: row.keyId, key_name: row.keyName, error_code: row.errorCode, error_message: row.errorMessage });
    }
    const byId = new Map(seen.map((e) => [e.request_id, e]));
    expect(byId.get(made[0])).toMatchObject({ operation: 'getUser', platform: 'local', status: 200, items: 1, credits: 18, source: 'api', key_id: account.keyId, params: { path: { username } }, error_code: null });
    expect(byId.get(made[4])).toMatchObject({ operation: 'getUser', status: 404, credits: 0, error_code: 'not_found', params: { path: { username: 'nobody_zz_9q' } } });
    expect(byId.get(made[5])).toMatchObject({ status: 400, error_code: 'invalid_request', params: { path: { username }, query: { count: '0' } } });
    expect(byId.get(made[6])).toMatchObject({ source: 'playground', key_id: null, key_name: null });
    // Never the key.
    expect(JSON.stringify(seen)).not.toContain(account.key);
  });

  it('refuses a cursor issued for another operation', async () => {
    const first = await account.call('GET', '/v2/usage/events', { query: { count: 1 } });
    expectSuccess(first);
    const cursor = first.body.meta.next_cursor as string;
    expectInvalid(await account.call('GET', `/v2/users/${username}/tweets`, { query: { cursor } }), 'cursor');
  });
});

describe('another workspace', () => {
  it('sees only its own usage and its own calls', async () => {
    const theirs = (await usage(other, { group_by: 'operation' })).body.data;
    expect(theirs.totals).toMatchObject({ calls: 2, credits: 18 + 15 * 2, errors: 0 });
    const events = await other.call('GET', '/v2/usage/events', { query: { count: 100 } });
    expectSuccess(events);
    const ids = events.body.data.map((e: { request_id: string }) => e.request_id);
    // Its two reads and its first usage call.
    expect(ids).toHaveLength(3);
    for (const id of made) expect(ids).not.toContain(id);
    const mine = await account.call('GET', '/v2/usage/events', { query: { count: 1000 } });
    for (const id of ids) expect(mine.body.data.map((e: { request_id: string }) => e.request_id)).not.toContain(id);
  });
});

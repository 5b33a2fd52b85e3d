import { beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '@/lib/api/define-operation';
import { dispatch } from '@/lib/api/dispatch';
import { callerName, parseDashboardSource, sourceOfPage } from '@/lib/dashboard/call-source';
import { getOverview } from '@/lib/dashboard/get-overview';
import { getUsage } from '@/lib/dashboard/get-usage';
import { ownKeyCaller } from '@/lib/dashboard/own-key-caller';
import { listRequests, NO_KEY, parseRequestLogFilters, RequestLogFilterError } from '@/lib/dashboard/request-log';
import { requestLogCsv } from '@/lib/dashboard/request-log-csv';
import { getPool } from '@/lib/db/pool';
import { flushMetering } from '@/lib/metering/meter';
import { apiRequest, createApiAccount, readAnswer, type ApiAccount } from '../support/api-client';
import { expectSuccess } from '../support/api-records';

// Issue 27, item 7: every dashboard call is labelled with the page that made it (playground,
// explorer, rules page, other pages), calls with a key as `api`; the request log selects each
// (no key, source, deliverMatch) and exports what it selects as CSV; a validation's 400 is an
// answer, not an error. Through the real dispatch, hold/settle and usage flush.

let account: ApiAccount;
let username: string;
const sessionCaller = (source: Caller['source']): Caller => ({ userId: account.userId, keyId: null, scopes: ['read', 'write'], source });

async function call(caller: Caller, method: string, path: string, body?: unknown) {
  const answer = await readAnswer(await dispatch(apiRequest(method, path, body === undefined ? {} : { body }), { caller }));
  await flushMetering();
  return answer;
}

beforeAll(async () => {
  account = await createApiAccount({ label: 'sources', credits: 100_000 });
  const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY id LIMIT 1');
  username = rows[0].username;
  // One read from each dashboard page without a key, one with the account's key over the API,
  // and the Rules page checking a rule as the key: one invalid query (400), one valid.
  for (const source of ['playground', 'explorer', 'dashboard'] as const) expectSuccess(await call(sessionCaller(source), 'GET', `/v2/users/${username}`));
  expectSuccess(await account.call('GET', `/v2/users/${username}`));
  const asKey = await ownKeyCaller(account.userId, account.keyId, 'rules');
  expect(asKey).toMatchObject({ keyId: account.keyId, source: 'rules' });
  const invalid = await call(asKey!, 'POST', '/v2/rules/validate', { tag: 't', query: 'from:' });
  expect(invalid.status).toBe(400);
  expectSuccess(await call(asKey!, 'POST', '/v2/rules/validate', { tag: 't', query: '#news' }));
  await flushMetering();
});

describe('the source of a dashboard call', () => {
  it('is the page the request names, and `dashboard` for a name it does not know', () => {
    expect(parseDashboardSource('explorer')).toBe('explorer');
    expect(parseDashboardSource('rules')).toBe('rules');
    expect(parseDashboardSource('api')).toBe('dashboard');
    expect(parseDashboardSource(null)).toBe('dashboard');
    expect(sourceOfPage('/dashboard/explore/users/jack')).toBe('explorer');
    expect(sourceOfPage('/dashboard/rules')).toBe('rules');
    expect(sourceOfPage('/dashboard/playground')).toBe('playground');
    expect(sourceOfPage('/dashboard/connections')).toBe('dashboard');
  });

  it('is stored with each call and named in lists', async () => {
    const { rows } = await getPool().query<{ source: string; key_id: string | null; operation: string }>(
      'SELECT source, key_id, operation FROM usage_events WHERE user_id = $1 ORDER BY id',
      [account.userId],
    );
    expect(rows.map((r) => [r.operation, r.source, r.key_id === null ? null : 'key'])).toEqual([
      ['getUser', 'playground', null],
      ['getUser', 'explorer', null],
      ['getUser', 'dashboard', null],
      ['getUser', 'api', 'key'],
      ['validateRule', 'rules', 'key'],
      ['validateRule', 'rules', 'key'],
    ]);
    expect(callerName(null, 'explorer')).toBe('Dashboard · Explorer');
    expect(callerName(null, 'dashboard')).toBe('Dashboard · other pages');
    expect(callerName('ci key', 'rules')).toBe('ci key (Rules page)');
    expect(callerName('ci key', 'api')).toBe('ci key');
  });

  it('splits the Usage page’s dashboard calls by page', async () => {
    const usage = await getUsage(account.userId, 7);
    expect(usage.byKey.map((k) => [k.name, k.calls]).sort()).toEqual([
      ['Dashboard · Explorer', 1],
      ['Dashboard · Playground', 1],
      ['Dashboard · other pages', 1],
      ['api test key', 3],
    ]);
  });
});

describe('validation answers', () => {
  it('are not errors in Usage or in Overview’s error rate', async () => {
    const usage = await getUsage(account.userId, 7);
    expect(usage.operations.find((o) => o.operation === 'validateRule')).toMatchObject({ calls: 2, errors: 0, errorRate: 0 });
    const overview = await getOverview(account.userId);
    expect(overview.requests30d).toBe(6);
    expect(overview.errors30d).toBe(0);
    expect(overview.errorRate30d).toBe(0);
    // The request log still shows the 400 as it was answered.
    const log = await listRequests(account.userId, { operation: 'validateRule', statusClass: '4xx' });
    expect(log.requests).toHaveLength(1);
  });
});

describe('the request log filters', () => {
  it('select calls made without a key, by source, and deliverMatch', async () => {
    const noKey = await listRequests(account.userId, parseRequestLogFilters(new URLSearchParams({ key: NO_KEY })));
    expect(noKey.requests.map((r) => r.source).sort()).toEqual(['dashboard', 'explorer', 'playground']);
    const explorer = await listRequests(account.userId, parseRequestLogFilters(new URLSearchParams({ source: 'explorer' })));
    expect(explorer.requests.map((r) => [r.operation, r.source])).toEqual([['getUser', 'explorer']]);
    const rules = await listRequests(account.userId, parseRequestLogFilters(new URLSearchParams({ source: 'rules', key: account.keyId })));
    expect(rules.requests).toHaveLength(2);
    expect(() => parseRequestLogFilters(new URLSearchParams({ source: 'nowhere' }))).toThrow(RequestLogFilterError);
    const deliveries = await listRequests(account.userId, parseRequestLogFilters(new URLSearchParams({ operation: 'deliverMatch' })));
    expect(deliveries.requests).toEqual([]);
  });

  it('take a time range: the last 15 minutes keep today’s calls, a window before them keeps none', async () => {
    const now = new Date();
    const recent = await listRequests(account.userId, parseRequestLogFilters(new URLSearchParams({ within: '15m' }), now));
    expect(recent.requests).toHaveLength(6);
    const later = new Date(now.getTime() + 20 * 60_000);
    const none = await listRequests(account.userId, parseRequestLogFilters(new URLSearchParams({ within: '15m' }), later));
    expect(none.requests).toHaveLength(0);
    expect(() => parseRequestLogFilters(new URLSearchParams({ within: 'toString' }))).toThrow(RequestLogFilterError);
  });
});

describe('the request log CSV', () => {
  async function csv(params: Record<string, string>): Promise<string[]> {
    const text = await new Response(requestLogCsv(account.userId, parseRequestLogFilters(new URLSearchParams(params)))).text();
    return text.split('\r\n').filter(Boolean);
  }

  it('has every call the filters select, newest first, with caller and source', async () => {
    const all = await csv({});
    expect(all[0]).toBe('time,request_id,key_id,caller,source,operation,status,items,credits,latency_ms,error_code,error_message');
    expect(all).toHaveLength(7);
    expect(all[1]).toMatch(/,validateRule,200,/);
    const refused = await csv({ status: '4xx' });
    expect(refused).toHaveLength(2);
    expect(refused[1]).toContain(`,${account.keyId},api test key (Rules page),rules,validateRule,400,0,0,`);
    const explorer = await csv({ source: 'explorer' });
    expect(explorer.slice(1).map((line) => line.split(',').slice(2, 6))).toEqual([['', 'Dashboard · Explorer', 'explorer', 'getUser']]);
  });
});

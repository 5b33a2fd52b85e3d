import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, placeHold, releaseHold } from '@/lib/credits';
import { getPool } from '@/lib/db/pool';
import { getRequest, listRequests, parseRequestLogFilters, RequestLogFilterError } from '@/lib/dashboard/request-log';
import { flushMetering } from '@/lib/metering/meter';
import { pruneRequestLog, requestLogDays } from '@/lib/metering/prune-request-log';
import { REDACTED, requestParams } from '@/lib/metering/request-params';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { expectError, expectSuccess } from '../support/api-records';
import { userWithMost } from '../support/api-subjects';

// The dashboard's request log (issue 14 point 3): what usage_events keep of each call, the
// log's query with its filters and pages, and the retention prune.

let username: string;
let account: ApiAccount;

beforeAll(async () => {
  username = await userWithMost.tweets();
  account = await createApiAccount({ label: 'reqlog', credits: 100_000, connect: username });
});

afterAll(async () => {
  await expectLedgersBalanced();
});

async function stored(requestId: string) {
  await flushMetering();
  const { rows } = await getPool().query('SELECT status, params, error_code, error_message FROM usage_events WHERE request_id = $1', [requestId]);
  expect(rows).toHaveLength(1);
  return rows[0] as { status: number; params: Record<string, unknown> | null; error_code: string | null; error_message: string | null };
}

describe('what a call leaves in usage_events', () => {
  it('an error after the hold keeps its path parameters, query as sent, and its code and message', async () => {
    const answer = await account.call('GET', '/v2/users/nobody_zz_9q/tweets', { query: { max_credits: 500 } });
    expectError(answer, 404, 'not_found');
    const row = await stored(answer.body.meta.request_id);
    expect(row).toEqual({
      status: 404,
      params: { path: { username: 'nobody_zz_9q' }, query: { max_credits: '500' } },
      error_code: 'not_found',
      error_message: answer.body.error.message,
    });
  });

  it('a validation refusal (400, before any hold) keeps what was sent, so the log shows what was wrong', async () => {
    const answer = await account.call('GET', `/v2/users/${username}/tweets`, { query: { max_credits: 'lots' } });
    expectError(answer, 400, 'invalid_request');
    const row = await stored(answer.body.meta.request_id);
    expect(row.params).toEqual({ path: { username }, query: { max_credits: 'lots' } });
    expect(row.error_code).toBe('invalid_request');
    expect(row.error_message).toBe(answer.body.error.message);
  });

  it('a success keeps its parameters and no error', async () => {
    const answer = await account.call('GET', `/v2/users/${username}`);
    expectSuccess(answer);
    expect(await stored(answer.body.meta.request_id)).toEqual({ status: 200, params: { path: { username } }, error_code: null, error_message: null });
  });

  it('a write keeps its body, an Idempotency-Key only as a marker, and never the key', async () => {
    const idempotencyKey = `idem-secret-${Date.now()}`;
    const answer = await account.call('POST', '/v2/tweets/create', { body: { text: 'logged write' }, headers: { 'idempotency-key': idempotencyKey } });
    expectSuccess(answer);
    const row = await stored(answer.body.meta.request_id);
    expect(row.params).toEqual({ body: { text: 'logged write' }, idempotency_key: 'present' });
    const text = JSON.stringify(row);
    expect(text).not.toContain(idempotencyKey);
    expect(text).not.toContain(account.key);
    expect(text).not.toContain(account.key.slice(0, 16));
  });

  it('a path no operation serves keeps the method and path it asked for', async () => {
    const answer = await account.call('GET', '/v2/no/such/thing');
    expectError(answer, 404, 'not_found');
    const row = await stored(answer.body.meta.request_id);
    expect(row.params).toEqual({ request: { method: 'GET', path: '/v2/no/such/thing' } });
    expect(row.error_code).toBe('not_found');
  });

  it('a call settled through a per-call database hold (no lease) keeps its detail too', async () => {
    const requestId = `req_direct_${Date.now()}`;
    const hold = await placeHold({ userId: account.userId, keyId: account.keyId, requestId, amount: 10 });
    if (!hold.ok) throw new Error('hold refused');
    await releaseHold({
      holdId: hold.holdId,
      usage: { operation: 'getUser', tag: 'Users', status: 503, latencyMs: 3, source: 'api', params: { path: { username: 'x' } }, errorCode: 'unavailable', errorMessage: 'try again' },
    });
    expect(await stored(requestId)).toEqual({ status: 503, params: { path: { username: 'x' } }, error_code: 'unavailable', error_message: 'try again' });
  });

  it('NUL characters and lone surrogates (which PostgreSQL refuses) cannot fail the batch: they are replaced', async () => {
    const answer = await account.call('GET', `/v2/users/${username}/tweets`, { query: { ['bad\u0000name']: 'nul\u0000 \ud800 here' } });
    expectError(answer, 400, 'invalid_request');
    const next = await account.call('GET', `/v2/users/${username}`);
    expectSuccess(next);
    const row = await stored(answer.body.meta.request_id);
    expect(row.params).toEqual({ path: { username }, query: { 'bad\ufffdname': 'nul\ufffd \ufffd here' } });
    expect(row.error_message).not.toContain('\u0000');
    expect((await stored(next.body.meta.request_id)).status).toBe(200);
  });

  it('secret-looking fields are redacted and a large body is bounded', () => {
    expect(requestParams({ body: { url: 'https://x.test/hook', secret: 'whsec_1', nested: { password: 'p' } } })).toEqual({
      body: { url: 'https://x.test/hook', secret: REDACTED, nested: { password: REDACTED } },
    });
    const big = requestParams({ body: { items: Array.from({ length: 100 }, () => 'x'.repeat(400)) } });
    expect(big).toMatchObject({ truncated: true });
    expect(JSON.stringify(big).length).toBeLessThan(5_000);
    expect(requestParams({})).toBeNull();
  });
});

describe('the log query', () => {
  let mine: ApiAccount;
  const ids: { ok: string[]; refused: string[] } = { ok: [], refused: [] };

  beforeAll(async () => {
    mine = await createApiAccount({ label: 'reqlog-query', credits: 100_000 });
    for (let i = 0; i < 3; i++) ids.ok.push((await mine.call('GET', `/v2/users/${username}`)).body.meta.request_id);
    for (let i = 0; i < 2; i++) ids.refused.push((await mine.call('GET', `/v2/users/${username}/tweets`, { query: { max_credits: 'no' } })).body.meta.request_id);
    await flushMetering();
  });

  it('lists the account’s calls newest first, filtered by status class, operation and key', async () => {
    const all = await listRequests(mine.userId);
    expect(all.requests.map((r) => r.requestId)).toEqual([...ids.ok, ...ids.refused].reverse());
    expect(all.next).toBeNull();
    expect(all.requests[0]).toMatchObject({ keyId: mine.keyId, keyName: 'api test key', operation: 'getUserTweets', status: 400, errorCode: 'invalid_request', credits: 0 });
    expect(all.requests.at(-1)).toMatchObject({ operation: 'getUser', status: 200, errorCode: null });
    expect(all.requests.at(-1)!.credits).toBeGreaterThan(0);

    const refused = await listRequests(mine.userId, parseRequestLogFilters(new URLSearchParams('status=4xx')));
    expect(refused.requests.map((r) => r.requestId).sort()).toEqual([...ids.refused].sort());
    expect((await listRequests(mine.userId, { statusClass: '5xx' })).requests).toEqual([]);
    const byOperation = await listRequests(mine.userId, { operation: 'getUser' });
    expect(byOperation.requests.map((r) => r.requestId).sort()).toEqual([...ids.ok].sort());
    expect((await listRequests(mine.userId, { keyId: mine.keyId })).requests).toHaveLength(5);
    expect((await listRequests(mine.userId, { keyId: account.keyId })).requests).toEqual([]);
  });

  it('filters by time range (dates in UTC, "to" inclusive)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await listRequests(mine.userId, parseRequestLogFilters(new URLSearchParams(`from=${today}&to=${today}`)))).requests).toHaveLength(5);
    expect((await listRequests(mine.userId, parseRequestLogFilters(new URLSearchParams('to=2020-01-01')))).requests).toEqual([]);
    expect((await listRequests(mine.userId, { from: new Date(Date.now() + 60_000) })).requests).toEqual([]);
  });

  it('pages with a keyset cursor: every call exactly once, in order', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: URLSearchParams = new URLSearchParams({ limit: '2', ...(cursor ? { cursor } : {}) });
      const page = await listRequests(mine.userId, parseRequestLogFilters(query));
      seen.push(...page.requests.map((r) => r.requestId));
      cursor = page.next;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids.ok, ...ids.refused].reverse());
  });

  it('finds one call by its request id, with its parameters and error, for its own account only', async () => {
    const detail = await getRequest(mine.userId, ` ${ids.refused[0]} `);
    expect(detail).toMatchObject({ requestId: ids.refused[0], status: 400, errorCode: 'invalid_request', params: { path: { username }, query: { max_credits: 'no' } } });
    expect(detail!.errorMessage).toMatch(/max_credits/);
    expect(await getRequest(account.userId, ids.refused[0])).toBeNull();
    expect(await getRequest(mine.userId, 'req_nope')).toBeNull();
  });

  it('refuses filters it cannot take with the field named', () => {
    const field = (query: string) => {
      try {
        parseRequestLogFilters(new URLSearchParams(query));
      } catch (error) {
        if (error instanceof RequestLogFilterError) return error.field;
        throw error;
      }
      return null;
    };
    expect(field('status=3xx')).toBe('status');
    expect(field('from=yesterday')).toBe('from');
    expect(field('from=2026-02-02&to=2026-01-01')).toBe('to');
    expect(field('cursor=bm9wZQ')).toBe('cursor');
    expect(field('limit=0')).toBe('limit');
    expect(field('status=&key=&operation=')).toBeNull();
  });
});

describe('retention', () => {
  it('PERCH_REQUEST_LOG_DAYS defaults to 30 and refuses nonsense', () => {
    expect(requestLogDays({})).toBe(30);
    expect(requestLogDays({ PERCH_REQUEST_LOG_DAYS: '7' })).toBe(7);
    expect(() => requestLogDays({ PERCH_REQUEST_LOG_DAYS: '0' })).toThrow(/PERCH_REQUEST_LOG_DAYS/);
    expect(() => requestLogDays({ PERCH_REQUEST_LOG_DAYS: 'week' })).toThrow(/PERCH_REQUEST_LOG_DAYS/);
  });

  it('the prune deletes events older than the retention, keeps the newer ones and the daily totals; the ledger still balances', async () => {
    const aged = await createApiAccount({ label: 'reqlog-prune', credits: 100_000 });
    const calls = [];
    for (let i = 0; i < 4; i++) calls.push((await aged.call('GET', `/v2/users/${username}`)).body.meta.request_id as string);
    await flushMetering();
    const old = calls.slice(0, 3);
    await getPool().query(`UPDATE usage_events SET created_at = now() - interval '31 days' WHERE request_id = ANY($1)`, [old]);
    const dailyBefore = await getPool().query('SELECT sum(calls)::int AS calls, sum(credits)::int AS credits FROM usage_daily WHERE user_id = $1', [aged.userId]);

    const deleted = await pruneRequestLog(30, getPool(), 2); // small slices: the loop runs more than once
    expect(deleted).toBeGreaterThanOrEqual(3);
    const { rows } = await getPool().query('SELECT request_id FROM usage_events WHERE user_id = $1', [aged.userId]);
    expect(rows.map((r) => r.request_id)).toEqual([calls[3]]);
    const dailyAfter = await getPool().query('SELECT sum(calls)::int AS calls, sum(credits)::int AS credits FROM usage_daily WHERE user_id = $1', [aged.userId]);
    expect(dailyAfter.rows).toEqual(dailyBefore.rows);
    expect(dailyAfter.rows[0].calls).toBe(4);
    expect(await checkLedger(aged.userId)).toMatchObject({ ok: true, keysOk: true });
    expect(await pruneRequestLog(30)).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE, GET, HEAD, OPTIONS, PATCH, POST } from '@/app/v2/[[...path]]/route';
import { dispatch } from '@/lib/api/dispatch';
import { getPool } from '@/lib/db/pool';
import { apiRequest, callApi, createApiAccount, expectLedgersBalanced, readAnswer, type ApiAccount, type ApiAnswer, type CallOptions } from '../support/api-client';
import { PRICE } from '../support/api-charges';
import { expectError, expectInvalid, expectSuccess, expectTweet, expectUser } from '../support/api-records';
import { startServer, type RunningServer } from '../support/api-server';
import { createFixtureUsers } from '../support/platform-fixtures';

// Both HTTP bindings of dispatch (design: "both paths are tested"): the production server's
// node:http fast path, over real HTTP, and the Next.js route handlers.

// Cursors are signed: the server and this process must share the secret, as instances do.
process.env.PERCH_CURSOR_SECRET ??= 'api-bindings-test-cursor-secret';

let account: ApiAccount;
let username: string;
let server: RunningServer;

beforeAll(async () => {
  const [writer] = await createFixtureUsers(getPool(), 1);
  account = await createApiAccount({ label: 'bindings', connect: writer.username });
  const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY followers_count DESC, id LIMIT 1');
  username = rows[0].username;
  // Per-call database holds (no credit leases): balances read right after a call are final.
  // Leases, which settle in the database with the next usage flush, have their own tests (metering*.test.ts).
  server = await startServer(process.env.DATABASE_URL!, { PERCH_CURSOR_SECRET: process.env.PERCH_CURSOR_SECRET!, PERCH_CREDIT_LEASES: '0' });
}, 10 * 60_000);

afterAll(async () => {
  await server?.stop();
  await expectLedgersBalanced();
});

/** The same call over real HTTP to server.ts. */
async function overHttp(method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer> {
  const request = apiRequest(method, path, { key: account.key, ...options });
  const url = new URL(request.url);
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  return readAnswer(await fetch(`${server.url}${url.pathname}${url.search}`, { method, headers: request.headers, body }));
}

/** What must agree between two answers to the same call: status, data and the meta that is not per-request. */
function comparable(answer: ApiAnswer) {
  const { request_id: _id, latency_ms: _latency, credits_remaining: _remaining, next_cursor: _cursor, ...meta } = answer.body.meta ?? {};
  return { status: answer.status, data: answer.body.data, error: answer.body.error, meta };
}

describe('server.ts over real HTTP', () => {
  it('answers reads like dispatch, with the envelope and headers', async () => {
    for (const [method, path, options] of [
      ['GET', `/v2/users/${username}`, {}],
      ['GET', `/v2/users/${username}/tweets`, { query: { count: 5, sort: 'popular' } }],
      ['GET', '/v2/trending', { query: { country: 'JP', count: 3 } }],
      ['POST', '/v2/search', { body: { query: 'the', count: 4 } }],
      ['POST', '/v2/users/batch', { body: { usernames: [username, 'nobody_zz_9q'] } }],
    ] as const) {
      const http = await overHttp(method, path, options);
      const direct = await account.call(method, path, options);
      expectSuccess(http, path.endsWith('batch') ? ['not_found'] : []);
      expect(comparable(http)).toEqual(comparable(direct));
      expect(http.headers.get('x-ratelimit-limit')).toBe(direct.headers.get('x-ratelimit-limit'));
      expect(http.headers.get('content-length')).toBe(String(Buffer.byteLength(http.text)));
    }
  });

  it('takes a POST write with a body and charges for it once', async () => {
    const before = await account.balance();
    const answer = await overHttp('POST', '/v2/tweets/create', { body: { text: 'posted over real HTTP' }, headers: { 'Idempotency-Key': `http-${Date.now()}` } });
    expectSuccess(answer);
    expectTweet(answer.body.data);
    expect(answer.body.data.text).toBe('posted over real HTTP');
    expect(before - (await account.balance())).toBe(PRICE.write);
    const direct = await account.call('GET', `/v2/tweets/${answer.body.data.id}`);
    expect(direct.body.data.id).toBe(answer.body.data.id);
  });

  it('pages with a cursor from the server through dispatch, and back', async () => {
    const first = await overHttp('GET', `/v2/users/${username}/followers`, { query: { count: 3 } });
    expectSuccess(first);
    const second = await account.call('GET', `/v2/users/${username}/followers`, { query: { count: 3, cursor: first.body.meta.next_cursor } });
    expectSuccess(second);
    const third = await overHttp('GET', `/v2/users/${username}/followers`, { query: { count: 3, cursor: second.body.meta.next_cursor } });
    expectSuccess(third);
    const all = await account.call('GET', `/v2/users/${username}/followers`, { query: { count: 9 } });
    const ids = (a: ApiAnswer) => a.body.data.map((u: { id: string }) => u.id);
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(ids(all));
    for (const user of first.body.data) expectUser(user);
  });

  it('answers errors in the envelope: 400, 401, 404, 405, 413, and serves openapi.json', async () => {
    expectInvalid(await overHttp('POST', '/v2/search', { body: { query: 'a', cuont: 1 } }), 'cuont');
    expectInvalid(await overHttp('POST', '/v2/search', { rawBody: '{"query":', headers: { 'content-type': 'application/json' } }), 'body');
    expectError(await overHttp('GET', '/v2/account', { headers: { authorization: 'Bearer nope' } }), 401, 'unauthorized');
    expectError(await overHttp('GET', '/v2/nowhere'), 404, 'not_found');
    const wrong = await overHttp('PUT', `/v2/users/${username}`);
    expectError(wrong, 405, 'method_not_allowed');
    expect(wrong.headers.get('allow')).toBe('GET');
    expectError(await overHttp('POST', '/v2/search', { rawBody: JSON.stringify({ query: 'a', pad: 'x'.repeat(70_000) }) }), 413, 'payload_too_large');
    const openapi = await fetch(`${server.url}/v2/openapi.json`);
    expect(openapi.status).toBe(200);
    expect(((await openapi.json()) as { openapi: string }).openapi).toMatch(/^3\.1/);
  });

  it('leaves everything outside /v2 to Next', async () => {
    const page = await fetch(`${server.url}/v2x`, { redirect: 'manual' });
    expect(page.headers.get('x-request-id')).toBeNull();
  });
});

describe('the Next.js route handlers', () => {
  it('are dispatch for every method', async () => {
    const answers: Array<[ApiAnswer, ApiAnswer]> = [];
    for (const [handler, method, path, options] of [
      [GET, 'GET', `/v2/users/${username}`, {}],
      [POST, 'POST', '/v2/search', { body: { query: 'the', count: 2 } }],
      [POST, 'POST', '/v2/search', { body: { query: 'the', cuont: 2 } }],
      [DELETE, 'DELETE', `/v2/users/${username}/follow`, {}],
      [PATCH, 'PATCH', `/v2/users/${username}`, {}],
    ] as const) {
      const viaRoute = await readAnswer(await handler(apiRequest(method, path, { key: account.key, ...options })));
      const viaDispatch = await readAnswer(await dispatch(apiRequest(method, path, { key: account.key, ...options })));
      answers.push([viaRoute, viaDispatch]);
      expect(comparable(viaRoute)).toEqual(comparable(viaDispatch));
      expect(viaRoute.headers.get('x-request-id')).toMatch(/^req_/);
    }
    expect(answers.map(([route]) => route.status)).toEqual([200, 200, 400, 200, 405]);
    expectError(await readAnswer(await GET(apiRequest('GET', '/v2/account'))), 401, 'unauthorized');
    expect((await callApi('GET', '/v2/openapi.json')).status).toBe(200);
  });

  it('answer HEAD, OPTIONS, a non-JSON body and a malformed Host as the fast path does', async () => {
    const head = await HEAD(apiRequest('HEAD', '/v2/openapi.json'));
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(1000);
    const options = await readAnswer(await OPTIONS(apiRequest('OPTIONS', '/v2/search', { key: account.key })));
    expectError(options, 405, 'method_not_allowed');
    expect(options.headers.get('allow')).toBe('POST');
    const text = await readAnswer(await POST(apiRequest('POST', '/v2/search', { key: account.key, body: { query: 'the' }, headers: { 'content-type': 'text/plain' } })));
    expectError(text, 415, 'unsupported_media_type');
    expectInvalid(await readAnswer(await GET(apiRequest('GET', '/v2/account', { key: account.key, headers: { host: 'u@evil' } }))), 'host');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { issueKey } from '@/lib/keys';
import { allowedMethodsAt, apiPathname, dispatch } from '@/lib/api/dispatch';
import { apiRequest, callApi, createApiAccount, expectLedgersBalanced, readAnswer, type ApiAccount } from '../support/api-client';
import { PRICE, expectCharged, measuredCall } from '../support/api-charges';
import { expectError, expectInvalid, expectSuccess } from '../support/api-records';

// Routing (404, 405, openapi.json), the headers every response carries, and getAccount.

let account: ApiAccount;
let username: string;

beforeAll(async () => {
  account = await createApiAccount({ label: 'routing' });
  const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY id LIMIT 1');
  username = rows[0].username;
});

afterAll(async () => {
  await expectLedgersBalanced();
});

describe('every response', () => {
  it('carries x-request-id and a JSON content type, matching meta.request_id', async () => {
    const answers = [
      await callApi('GET', '/v2/account'),
      await callApi('GET', '/v2/openapi.json'),
      await callApi('GET', '/v2/nowhere'),
      await callApi('PUT', '/v2/account'),
      await account.call('GET', '/v2/account'),
      await account.call('GET', '/v2/tweets/abc'),
    ];
    const ids = new Set<string>();
    for (const answer of answers) {
      const id = answer.headers.get('x-request-id');
      expect(id).toMatch(/^req_[A-Za-z0-9_-]+$/);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      if (answer.body.meta) expect(answer.body.meta.request_id).toBe(id);
      ids.add(id!);
    }
    expect(ids.size).toBe(answers.length);
  });
});

describe('routing', () => {
  it('answers 405 with Allow for a method the path does not take', async () => {
    for (const [method, path, allow] of [
      ['PUT', '/v2/tweets/1/like', ['DELETE', 'POST']],
      ['GET', '/v2/search', ['POST']],
      ['DELETE', '/v2/account', ['GET']],
      ['PATCH', '/v2/users/jack', ['GET']],
      ['GET', '/v2/users/jack/follow', ['DELETE', 'POST']],
    ] as const) {
      const answer = await account.call(method, path);
      expectError(answer, 405, 'method_not_allowed');
      expect(answer.headers.get('allow')?.split(/,\s*/).sort()).toEqual(allow);
    }
  });

  it('answers 404 in the error envelope for unknown paths, with or without a key', async () => {
    for (const path of ['/v2/nowhere', '/v2', '/v2/', '/v2/users/jack/tweets/extra', '/v2/tweets', '/v1/users/jack', '/']) {
      expectError(await account.call('GET', path), 404, 'not_found');
      expectError(await callApi('GET', path), 404, 'not_found');
    }
  });

  it('accepts a trailing slash on a real path', async () => {
    expectSuccess(await account.call('GET', '/v2/account/'));
  });

  it('serves GET /v2/openapi.json without a key: OpenAPI 3.1 with all 39 contract operations, 15 real-time ones, the event list, 8 of exports, 2 of usage and the stream', async () => {
    const answer = await callApi('GET', '/v2/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toMatch(/^3\.1\./);
    const operations = Object.values(answer.body.paths as Record<string, Record<string, { operationId: string }>>).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(operations.filter(Boolean)).toHaveLength(39 + 15 + 1 + 8 + 2 + 1);
  });
});

describe('HTTP details every binding shares (dispatch)', () => {
  it('answers methods fetch cannot build (told by the binding) and HEAD on operations with 405, charging nothing', async () => {
    const before = await account.balance();
    const trace = await readAnswer(await dispatch(apiRequest('GET', `/v2/users/${username}`, { key: account.key }), { method: 'TRACE' }));
    expectError(trace, 405, 'method_not_allowed');
    expect(trace.headers.get('allow')).toBe('GET');
    const head = await dispatch(apiRequest('HEAD', '/v2/account', { key: account.key }));
    expect(head.status).toBe(405);
    expect(head.headers.get('allow')).toBe('GET');
    expect(await account.balance()).toBe(before);
  });

  it('serves HEAD /v2/openapi.json: the headers of GET, with its length, and no body', async () => {
    const get = await dispatch(apiRequest('GET', '/v2/openapi.json'));
    const head = await dispatch(apiRequest('HEAD', '/v2/openapi.json'));
    const body = await get.text();
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(await head.text()).toBe('');
  });

  it('refuses a malformed Host header with 400 and takes a well-formed one', async () => {
    for (const host of ['[', 'localhost:99999', 'u@evil', 'a b', 'x:y', '[zz]']) {
      const answer = await account.call('GET', '/v2/account', { headers: { host } });
      expectInvalid(answer, 'host');
    }
    for (const host of ['perch.test', 'localhost:3000', '127.0.0.1:65535', '[::1]:3000', 'xn--bcher-kva.example']) {
      expectSuccess(await account.call('GET', '/v2/account', { headers: { host } }));
    }
  });

  it('routes /V2 like /v2; the rest of the path stays case-sensitive', async () => {
    expectSuccess(await account.call('GET', '/V2/account'));
    expectError(await account.call('GET', '/v2/ACCOUNT'), 404, 'not_found');
    expect(apiPathname('/V2/users/Jack')).toBe('/v2/users/Jack');
    expect(apiPathname('/V2x')).toBe('/V2x');
    expect(allowedMethodsAt('/V2/tweets/1/like')?.sort()).toEqual(['DELETE', 'POST']);
    expect(allowedMethodsAt('/v2/openapi.json')).toEqual(['GET', 'HEAD']);
    expect(allowedMethodsAt('/v2/nowhere')).toBeNull();
  });

  it('answers a body on GET with 400, told by its framing headers when the Request could not carry it', async () => {
    const framed = await account.call('GET', `/v2/users/${username}/followers-ids`, { query: { count: 5 }, headers: { 'content-length': '17' } });
    expectInvalid(framed, 'body');
    expectInvalid(await account.call('GET', `/v2/users/${username}`, { headers: { 'transfer-encoding': 'chunked' } }), 'body');
    expectSuccess(await account.call('GET', `/v2/users/${username}`, { headers: { 'content-length': '0' } }));
  });

  it('answers a body that is not application/json with 415 unsupported_media_type, charging nothing', async () => {
    const before = await account.balance();
    for (const type of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'application/json; charset=iso-8859-1', 'application/jsonp']) {
      const answer = await account.call('POST', '/v2/search', { body: { query: 'the' }, headers: { 'content-type': type } });
      expectError(answer, 415, 'unsupported_media_type');
      expect(answer.body.error.details).toEqual([{ path: 'content-type', message: 'expected application/json' }]);
    }
    expect(await account.balance()).toBe(before);
    expectSuccess(await account.call('POST', '/v2/search', { body: { query: 'the', count: 1 }, headers: { 'content-type': 'application/json; charset="utf-8"' } }));
    // No body, no type needed: the missing query is what is wrong.
    expectInvalid(await account.call('POST', '/v2/search', { headers: { 'content-type': 'text/plain' } }), 'query');
  });
});

describe('getAccount', () => {
  it('is free and shows the personal workspace, the balance, this key and the connected account', async () => {
    const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY id DESC LIMIT 1');
    const connected = await createApiAccount({ label: 'auth', credits: 5_000, creditLimit: 4_000, rateLimit: 50, connect: rows[0].username });
    expectSuccess(await connected.call('GET', `/v2/users/${username}`));
    const answer = await measuredCall(connected, 'GET', '/v2/account');
    expectSuccess(answer);
    expectCharged(answer, 0);
    const { rows: user } = await getPool().query<{ email: string }>('SELECT email FROM users WHERE id = $1', [connected.userId]);
    const { rows: workspace } = await getPool().query<{ slug: string }>('SELECT slug FROM workspaces WHERE id = $1', [connected.userId]);
    const display = new RegExp(`^${connected.key.slice(0, 10)}…${connected.key.slice(-4)}$`);
    expect(answer.body.data).toEqual({
      email: user[0].email,
      workspace: { id: connected.userId, slug: workspace[0].slug, name: 'Personal', personal: true },
      balance: 5_000 - PRICE.profile,
      key: { id: connected.keyId, name: 'api test key', prefix: expect.stringMatching(display), scopes: ['read', 'write'], rate_limit: 50, credit_limit: 4_000, credits_spent: PRICE.profile },
      connected_account: { username: rows[0].username },
      platforms: { default: 'local', available: ['local'], current: 'local' },
      // Their shape is tested with the budgets (tests/integration/budgets*.test.ts).
      budgets: expect.any(Object),
    });
    expect(answer.body.meta.credits_remaining).toBe(5_000 - PRICE.profile);
    const unconnected = await account.call('GET', '/v2/account');
    expect(unconnected.body.data.connected_account).toBeNull();
    expect(unconnected.body.data.key.credit_limit).toBeNull();
  });

  it('works for an account with no credits at all', async () => {
    const userId = `test_auth_nocredits_${Date.now()}`;
    await getPool().query('INSERT INTO users (id, email, updated_at) VALUES ($1, $2, now())', [userId, `${userId}@example.test`]);
    const { key } = await issueKey({ userId, name: 'empty', scopes: ['read'] });
    const answer = await callApi('GET', '/v2/account', { key });
    expectSuccess(answer);
    expect(answer.body.data.balance).toBe(0);
    expect(answer.body.meta).toMatchObject({ credits_charged: 0, credits_remaining: 0 });
    const paid = await callApi('GET', `/v2/users/${username}`, { key });
    expectError(paid, 402, 'insufficient_credits');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { issueKey } from '@/lib/keys';
import { callApi, createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { PRICE, expectCharged, measuredCall } from '../support/api-charges';
import { expectError, expectSuccess } from '../support/api-records';

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

  it('serves GET /v2/openapi.json without a key: OpenAPI 3.1 with all 39 contract operations, 15 real-time ones and the stream', async () => {
    const answer = await callApi('GET', '/v2/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toMatch(/^3\.1\./);
    const operations = Object.values(answer.body.paths as Record<string, Record<string, { operationId: string }>>).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(operations.filter(Boolean)).toHaveLength(39 + 15 + 1);
  });
});

describe('getAccount', () => {
  it('is free and shows the balance, this key and the connected account', async () => {
    const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY id DESC LIMIT 1');
    const connected = await createApiAccount({ label: 'auth', credits: 5_000, creditLimit: 4_000, rateLimit: 50, connect: rows[0].username });
    expectSuccess(await connected.call('GET', `/v2/users/${username}`));
    const answer = await measuredCall(connected, 'GET', '/v2/account');
    expectSuccess(answer);
    expectCharged(answer, 0);
    const { rows: user } = await getPool().query<{ email: string }>('SELECT email FROM users WHERE id = $1', [connected.userId]);
    const display = new RegExp(`^${connected.key.slice(0, 10)}…${connected.key.slice(-4)}$`);
    expect(answer.body.data).toEqual({
      email: user[0].email,
      balance: 5_000 - PRICE.profile,
      key: { id: connected.keyId, name: 'api test key', prefix: expect.stringMatching(display), scopes: ['read', 'write'], rate_limit: 50, credit_limit: 4_000, credits_spent: PRICE.profile },
      connected_account: { username: rows[0].username },
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

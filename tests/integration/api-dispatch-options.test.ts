import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '@/lib/api/define-operation';
import { dispatch } from '@/lib/api/dispatch';
import { getBalance } from '@/lib/credits';
import { getPool } from '@/lib/db/pool';
import { localPlatform } from '@/lib/platform/local';
import type { Platform } from '@/lib/platform/platform';
import { apiRequest, createApiAccount, expectLedgersBalanced, readAnswer, type ApiAccount } from '../support/api-client';
import { PRICE } from '../support/api-charges';
import { expectError, expectSuccess, expectUser } from '../support/api-records';

// dispatch's options: a caller authenticated another way (the dashboard's playground) and
// the platform behind the operations, here one that fails the way a bug or an outage would.

let account: ApiAccount;
let username: string;

beforeAll(async () => {
  account = await createApiAccount({ label: 'options', credits: 10_000 });
  const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY id LIMIT 1');
  username = rows[0].username;
});

afterAll(async () => {
  await expectLedgersBalanced();
});

describe('a session caller (the playground)', () => {
  it('calls without a key, is charged like any call and logged as playground usage', async () => {
    const caller: Caller = { userId: account.userId, keyId: null, scopes: ['read'], source: 'playground' };
    const before = await getBalance(account.userId);
    const answer = await readAnswer(await dispatch(apiRequest('GET', `/v2/users/${username}`), { caller }));
    expectSuccess(answer);
    expectUser(answer.body.data);
    expect(before - (await getBalance(account.userId))).toBe(PRICE.profile);
    const { rows } = await getPool().query('SELECT source, key_id FROM usage_events WHERE request_id = $1', [answer.body.meta.request_id]);
    expect(rows).toEqual([{ source: 'playground', key_id: null }]);
    const me = await readAnswer(await dispatch(apiRequest('GET', '/v2/account'), { caller }));
    expectSuccess(me);
    expect(me.body.data.key).toBeNull();
    const write = await readAnswer(await dispatch(apiRequest('POST', '/v2/tweets/create', { body: { text: 'x' } }), { caller }));
    expectError(write, 403, 'forbidden');
  });
});

describe('a failing platform', () => {
  function failing(error: unknown): Platform {
    return { ...localPlatform, getUser: async () => Promise.reject(error) };
  }

  it('a bug is a bare 500 that leaks nothing and charges nothing', async () => {
    const bug = Object.assign(new Error('relation "platform.users" does not exist at SELECT secret_column FROM'), { code: '42P01' });
    const before = await account.balance();
    const answer = await readAnswer(await dispatch(apiRequest('GET', `/v2/users/${username}`, { key: account.key }), { platform: failing(bug) }));
    expectError(answer, 500, 'internal_error');
    expect(answer.text).not.toMatch(/SELECT|secret_column|relation|at .*\.ts/);
    expect(answer.body.error.message).toContain(answer.body.meta.request_id);
    expect(await account.balance()).toBe(before);
  });

  it('an unreachable data source is 503 unavailable, charging nothing', async () => {
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const before = await account.balance();
    const answer = await readAnswer(await dispatch(apiRequest('GET', `/v2/users/${username}`, { key: account.key }), { platform: failing(down) }));
    expectError(answer, 503, 'unavailable');
    expect(answer.headers.get('x-ratelimit-limit')).not.toBeNull();
    expect(await account.balance()).toBe(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { revokeKey } from '@/lib/keys';
import { callApi, createApiAccount, expectLedgersBalanced, type ApiAccount, type ApiAnswer } from '../support/api-client';
import { PRICE, expectNothingCharged, measuredCall } from '../support/api-charges';
import { expectError, expectSuccess } from '../support/api-records';
import { waitFor } from '../support/account-fixtures';

// Contract section 2: keys (missing, malformed, unknown, revoked, expired), the key prefix, rate limits.

let account: ApiAccount;
let username: string;

beforeAll(async () => {
  account = await createApiAccount({ label: 'auth', rateLimit: 1000 });
  const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY id LIMIT 1');
  username = rows[0].username;
});

afterAll(async () => {
  await expectLedgersBalanced();
});

function expectRateHeaders(answer: ApiAnswer, limit: number): void {
  expect(answer.headers.get('x-ratelimit-limit')).toBe(String(limit));
  expect(answer.headers.get('x-ratelimit-remaining')).toMatch(/^[0-9]+$/);
  const reset = Number(answer.headers.get('x-ratelimit-reset'));
  const now = Date.now() / 1000;
  expect(Number.isInteger(reset) && reset >= Math.floor(now) && reset <= now + 15, `reset ${reset} is Unix seconds soon`).toBe(true);
}

function expectUnauthorized(answer: ApiAnswer): void {
  expectError(answer, 401, 'unauthorized');
  expect(answer.headers.get('x-ratelimit-limit')).toBeNull();
}

describe('401 unauthorized', () => {
  it('for a missing header, a scheme other than Bearer and a malformed key', async () => {
    expectUnauthorized(await callApi('GET', '/v2/account'));
    for (const authorization of [
      '',
      'Bearer',
      'Bearer ',
      `Basic ${Buffer.from('user:pass').toString('base64')}`,
      `Token ${account.key}`,
      account.key,
      'Bearer perch_short',
      `Bearer ${account.key}x`,
      `Bearer ${account.key.replace('perch_', 'other_')}`,
      `Bearer ${account.key.slice(0, -1)}!`,
      `Bearer ${account.key} extra`,
    ]) {
      expectUnauthorized(await callApi('GET', '/v2/account', { headers: { authorization } }));
    }
  });

  it('for an unknown key of valid syntax', async () => {
    expectUnauthorized(await callApi('GET', '/v2/account', { key: `perch_${'A'.repeat(32)}` }));
  });

  it('for a revoked key, at once, and charges nothing', async () => {
    const revoked = await createApiAccount({ label: 'auth' });
    expectSuccess(await revoked.call('GET', '/v2/account'));
    expect(await revokeKey(revoked.keyId)).toBe(true);
    const answer = await measuredCall(revoked, 'GET', `/v2/users/${username}`);
    expectUnauthorized(answer);
    expect(answer.body.error.message).toMatch(/revoked/);
    expectNothingCharged(answer);
  });

  it('for an expired key, whether it expired before or after its first use', async () => {
    const early = await createApiAccount({ label: 'auth' });
    await getPool().query("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [early.keyId]);
    const answer = await early.call('GET', '/v2/account');
    expectUnauthorized(answer);
    expect(answer.body.error.message).toMatch(/expired/);

    const soon = await createApiAccount({ label: 'auth', expiresAt: new Date(Date.now() + 1_500) });
    expectSuccess(await soon.call('GET', '/v2/account'));
    await waitFor(async () => (await soon.call('GET', '/v2/account')).status === 401, 5_000);
    expect((await soon.call('GET', '/v2/account')).body.error.message).toMatch(/expired/);
  });

  it('the key is matched case-sensitively (it is a secret, not a name)', async () => {
    const swapped = account.key.slice(0, 6) + [...account.key.slice(6)].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
    if (swapped !== account.key) expectUnauthorized(await callApi('GET', '/v2/account', { key: swapped }));
  });
});

describe('the key prefix', () => {
  it('is the deployment’s: keys carry PERCH_KEY_PREFIX, and keys with another prefix are malformed', async () => {
    const saved = process.env.PERCH_KEY_PREFIX;
    process.env.PERCH_KEY_PREFIX = 'acme_';
    try {
      const acme = await createApiAccount({ label: 'auth' });
      expect(acme.key).toMatch(/^acme_[0-9A-Za-z]{32}$/);
      expectSuccess(await acme.call('GET', '/v2/account'));
      expectUnauthorized(await account.call('GET', '/v2/account'));
    } finally {
      if (saved === undefined) delete process.env.PERCH_KEY_PREFIX;
      else process.env.PERCH_KEY_PREFIX = saved;
    }
    expectSuccess(await account.call('GET', '/v2/account'));
  });
});

describe('rate limits', () => {
  it('put X-RateLimit-* on every authenticated response, success or error', async () => {
    expectRateHeaders(await account.call('GET', '/v2/account'), 1000);
    expectRateHeaders(await account.call('GET', '/v2/users/no-such-syntax!'), 1000);
    expectRateHeaders(await account.call('GET', '/v2/users/nobody_zz_9q'), 1000);
    expectRateHeaders(await account.call('POST', '/v2/search', { body: { cuont: 1, query: 'x' } }), 1000);
    const poor = await createApiAccount({ label: 'auth', credits: 0, rateLimit: 7 });
    expectRateHeaders(await poor.call('GET', `/v2/users/${username}`), 7);
  });

  it('count a wrong path or method sent with a valid key, and say so in the headers', async () => {
    expectRateHeaders(await account.call('GET', '/v2/nowhere'), 1000);
    expectRateHeaders(await account.call('PUT', '/v2/account'), 1000);
    expect((await callApi('GET', '/v2/nowhere')).headers.get('x-ratelimit-limit')).toBeNull();
    const badKey = await callApi('GET', '/v2/nowhere', { key: `perch_${'B'.repeat(32)}` });
    expectError(badKey, 404, 'not_found');
    expect(badKey.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('answer 429 with Retry-After past the burst, charging nothing', async () => {
    const limited = await createApiAccount({ label: 'auth', rateLimit: 1 });
    const before = await limited.balance();
    const answers = await Promise.all(Array.from({ length: 6 }, () => limited.call('GET', `/v2/users/${username}`)));
    const ok = answers.filter((a) => a.status === 200);
    const limitedAnswers = answers.filter((a) => a.status === 429);
    expect(ok.length + limitedAnswers.length).toBe(6);
    // Rate 1 per second with a burst of 2 × rate: two get through, the rest wait.
    expect(ok.length).toBe(2);
    for (const answer of limitedAnswers) {
      expectError(answer, 429, 'rate_limited');
      expectRateHeaders(answer, 1);
      expect(answer.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(before - (await limited.balance())).toBe(ok.length * PRICE.profile);
  });
});

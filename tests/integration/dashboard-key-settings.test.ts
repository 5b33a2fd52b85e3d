import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRevokedKey } from '@/lib/dashboard/delete-key';
import { listKeys } from '@/lib/dashboard/list-keys';
import { updateKey } from '@/lib/dashboard/update-key';
import { getPool } from '@/lib/db/pool';
import { flushMetering } from '@/lib/metering/meter';
import { sharedKeyChangeListener, stopKeyChangeListener } from '@/lib/keys/key-change-listener';
import { revokeKey } from '@/lib/keys/revoke-key';
import { rotateKey } from '@/lib/keys/rotate-key';
import { createTestUser, waitFor } from '../support/account-fixtures';
import { callApi, createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { expectError, expectSuccess } from '../support/api-records';

// A key's settings after creation (limit, scopes, expiry, rate limit), rotation with a grace
// period, and deleting revoked keys: what the dashboard's key routes do, and what /v2 then does.

let username: string;

beforeAll(async () => {
  const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY id LIMIT 1');
  username = rows[0].username;
  await sharedKeyChangeListener().ready;
});

afterAll(async () => {
  await expectLedgersBalanced();
  await stopKeyChangeListener();
});

async function summary(account: ApiAccount) {
  return (await listKeys(account.userId)).find((key) => key.id === account.keyId)!;
}

describe('key limits on the keys page', () => {
  it('shows limit, spent and remaining, and "limit reached" instead of active once used up', async () => {
    const account = await createApiAccount({ label: 'limits', creditLimit: 40 });
    expect(await summary(account)).toMatchObject({ creditLimit: 40, creditsSpent: 0, creditsRemaining: 40, status: 'active', rateLimit: 100_000 });
    expectSuccess(await account.call('GET', `/v2/users/${username}`));
    expectSuccess(await account.call('GET', `/v2/users/${username}`));
    expect(await summary(account)).toMatchObject({ creditsSpent: 36, creditsRemaining: 4, status: 'active' });
    await updateKey(account.userId, account.keyId, { creditLimit: '36' });
    expect(await summary(account)).toMatchObject({ creditLimit: 36, creditsRemaining: 0, status: 'limit_reached' });
    expectError(await account.call('GET', `/v2/users/${username}`), 402, 'key_limit_reached');
  });
});

describe('updateKey', () => {
  it('changes limit, scopes, expiry and rate limit, and /v2 follows at once', async () => {
    const account = await createApiAccount({ label: 'settings', creditLimit: 10, scopes: ['read', 'write'], rateLimit: 100 });
    expectError(await account.call('GET', `/v2/users/${username}`), 402, 'key_limit_reached');
    const nextYear = `${new Date().getUTCFullYear() + 1}-03-31`;
    const result = await updateKey(account.userId, account.keyId, { creditLimit: '', scopes: ['read'], expiresOn: nextYear, rateLimit: '7' });
    expect(result).toEqual({ ok: true, key: { name: 'api test key', scopes: ['read'], creditLimit: null, expiresAt: `${nextYear}T23:59:59.999Z`, rateLimit: 7, dailyBudget: null, monthlyBudget: null, mcpMaxCredits: null } });
    // The listener drops the cached key when the change's notification arrives: from then on
    // calls see the new settings. (A 200 alone does not show it: the credit limit is checked in
    // the database, the rate limit from the cached key.)
    await waitFor(async () => {
      const answer = await account.call('GET', `/v2/users/${username}`);
      return answer.status === 200 && answer.headers.get('x-ratelimit-limit') === '7';
    }, 5_000);
    expectError(await account.call('POST', '/v2/tweets/create', { body: { text: 'no write scope any more' } }), 403, 'forbidden');
    // An absent field stays as it was.
    expect(await updateKey(account.userId, account.keyId, { name: 'renamed' })).toMatchObject({ ok: true, key: { name: 'renamed', scopes: ['read'], rateLimit: 7 } });
  });

  it('answers each bad field with its message and changes nothing', async () => {
    const account = await createApiAccount({ label: 'settings-bad', rateLimit: 100 });
    const cases: Array<[unknown, Record<string, string>]> = [
      [{}, { form: 'Change at least one setting' }],
      [{ scopes: [] }, { scopes: 'Choose at least one scope' }],
      [{ creditLimit: '0' }, { creditLimit: 'The limit must be at least 1 credit' }],
      [{ rateLimit: '0' }, { rateLimit: 'The rate limit must be at least 1 request per second' }],
      [{ rateLimit: 'fast' }, { rateLimit: 'Enter a whole number of requests per second' }],
      [{ rateLimit: '101' }, { rateLimit: 'At most 100 requests per second; ask an operator for more' }],
      [{ expiresOn: '2001-01-01' }, { expiresOn: 'The expiry date must be today or later' }],
      [{ colour: 'red' }, { form: expect.any(String) as unknown as string }],
    ];
    for (const [input, errors] of cases) expect(await updateKey(account.userId, account.keyId, input)).toEqual({ ok: false, errors });
    expect(await summary(account)).toMatchObject({ rateLimit: 100, scopes: ['read', 'write'], creditLimit: null, expiresAt: null });
  });

  it('keeps an operator-set rate limit above 100 editable up to that value', async () => {
    const account = await createApiAccount({ label: 'settings-op', rateLimit: 500 });
    expect(await updateKey(account.userId, account.keyId, { rateLimit: '400' })).toMatchObject({ ok: true, key: { rateLimit: 400 } });
    expect(await updateKey(account.userId, account.keyId, { rateLimit: '450' })).toMatchObject({ ok: false, errors: { rateLimit: expect.stringMatching(/At most 400/) } });
  });

  it('refuses another account’s key as missing, and a revoked key’s settings', async () => {
    const account = await createApiAccount({ label: 'settings-owner' });
    const stranger = await createTestUser('stranger');
    expect(await updateKey(stranger, account.keyId, { name: 'mine now' })).toEqual({ ok: false, notFound: true });
    await revokeKey(account.keyId);
    expect(await updateKey(account.userId, account.keyId, { creditLimit: '5' })).toEqual({ ok: false, errors: { form: 'This key is revoked: only its name can change' } });
    expect(await updateKey(account.userId, account.keyId, { name: 'old one' })).toMatchObject({ ok: true });
  });
});

describe('rotateKey', () => {
  it('issues a new secret and keeps the old one working through the grace period only', async () => {
    const account = await createApiAccount({ label: 'rotate' });
    expectSuccess(await account.call('GET', '/v2/account'));
    const rotated = await rotateKey(account.userId, account.keyId, 24);
    if (!rotated) throw new Error('not rotated');
    expect(rotated.key).toMatch(/^perch_[0-9A-Za-z]{32}$/);
    expect(rotated.key).not.toBe(account.key);
    expect(rotated.graceEndsAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    // Same key record: same id, limits and history; both secrets work for now.
    const fresh = await callApi('GET', '/v2/account', { key: rotated.key });
    expectSuccess(fresh);
    expect(fresh.body.data.key.id).toBe(account.keyId);
    expectSuccess(await account.call('GET', '/v2/account'));
    expect(await summary(account)).toMatchObject({ display: rotated.display, previousSecretValidUntil: rotated.graceEndsAt!.toISOString() });

    // The grace period ends (moved into the past by hand): the old secret is refused, the new one is not.
    await getPool().query(`UPDATE api_keys SET previous_key_expires_at = now() - interval '1 second' WHERE id = $1`, [account.keyId]);
    await waitFor(async () => (await account.call('GET', '/v2/account')).status === 401, 1_000);
    const refused = await account.call('GET', '/v2/account');
    expectError(refused, 401, 'unauthorized');
    expect(refused.body.error.message).toMatch(/rotated/);
    expectSuccess(await callApi('GET', '/v2/account', { key: rotated.key }));
    expect((await summary(account)).previousSecretValidUntil).toBeNull();
  });

  it('without a grace period the old secret stops at once; rotating again ends the earlier old secret', async () => {
    const account = await createApiAccount({ label: 'rotate-now' });
    expectSuccess(await account.call('GET', '/v2/account'));
    const first = (await rotateKey(account.userId, account.keyId, 1))!;
    const second = (await rotateKey(account.userId, account.keyId, 0))!;
    expectError(await account.call('GET', '/v2/account'), 401, 'unauthorized');
    expectError(await callApi('GET', '/v2/account', { key: first.key }), 401, 'unauthorized');
    expectSuccess(await callApi('GET', '/v2/account', { key: second.key }));
  });

  it('rotates only the account’s own unrevoked keys', async () => {
    const account = await createApiAccount({ label: 'rotate-owner' });
    expect(await rotateKey(await createTestUser('stranger'), account.keyId, 1)).toBeNull();
    await revokeKey(account.keyId);
    expect(await rotateKey(account.userId, account.keyId, 1)).toBeNull();
  });
});

describe('deleteRevokedKey', () => {
  it('deletes a revoked key, keeps its usage, and refuses an active or foreign key', async () => {
    const account = await createApiAccount({ label: 'delete' });
    expectSuccess(await account.call('GET', `/v2/users/${username}`));
    // Usage is written behind, in batches: this call's event lands with the next flush.
    await flushMetering();
    expect(await deleteRevokedKey(account.userId, account.keyId)).toEqual({ ok: false, notRevoked: true });
    await revokeKey(account.keyId);
    expect(await deleteRevokedKey(await createTestUser('stranger'), account.keyId)).toEqual({ ok: false, notFound: true });
    expect(await deleteRevokedKey(account.userId, account.keyId)).toEqual({ ok: true });
    expect(await listKeys(account.userId)).toEqual([]);
    const { rows } = await getPool().query<{ n: number }>('SELECT count(*)::int AS n FROM usage_events WHERE key_id = $1', [account.keyId]);
    expect(rows[0].n).toBeGreaterThan(0);
    expectError(await account.call('GET', '/v2/account'), 401, 'unauthorized');
  });
});

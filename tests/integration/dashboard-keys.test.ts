import { describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { utcDay } from '@/lib/dashboard/days';
import { MAX_ACTIVE_KEYS, createKeyForUser } from '@/lib/dashboard/create-key';
import { listKeys } from '@/lib/dashboard/list-keys';
import { renameKey } from '@/lib/dashboard/rename-key';
import { authenticateKey } from '@/lib/keys/authenticate-key';
import { revokeKey } from '@/lib/keys/revoke-key';
import { createTestUser } from '../support/account-fixtures';

const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;

describe('createKeyForUser', () => {
  it('issues a key from the form and lists it without the key itself', async () => {
    const userId = await createTestUser('form');
    const result = await createKeyForUser(userId, { name: '  prod  ', scopes: ['write', 'read'], creditLimit: '2500', expiresOn: nextYear });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.key.key).toMatch(/^perch_[0-9A-Za-z]{32}$/);
    expect(result.key.name).toBe('prod');
    const [listed] = await listKeys(userId);
    expect(listed).toMatchObject({ id: result.key.id, name: 'prod', display: result.key.display, scopes: ['read', 'write'], creditLimit: 2500, status: 'active', lastUsedAt: null, creditsSpent: 0 });
    // Through the end of the chosen day, UTC.
    expect(listed.expiresAt).toBe(`${nextYear}T23:59:59.999Z`);
    expect(JSON.stringify(listed)).not.toContain(result.key.key);
  });

  it('takes empty optional fields as no limit and no expiry', async () => {
    const userId = await createTestUser('form');
    const result = await createKeyForUser(userId, { name: 'k', scopes: ['read'], creditLimit: '', expiresOn: '' });
    expect(result.ok).toBe(true);
    expect((await listKeys(userId))[0]).toMatchObject({ creditLimit: null, expiresAt: null });
  });

  it('answers every bad field with a message for that field, and creates nothing', async () => {
    const userId = await createTestUser('form');
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ name: '', scopes: [] }, { name: 'Give the key a name', scopes: 'Choose at least one scope' }],
      [{ name: 'x'.repeat(101), scopes: ['read'] }, { name: 'Use at most 100 characters' }],
      [{ name: 'k', scopes: ['admin'] }, { scopes: 'Scopes are read and write' }],
      [{ name: 'k', scopes: ['read'], creditLimit: '12abc' }, { creditLimit: 'Enter a whole number of credits, or leave it empty for no limit' }],
      [{ name: 'k', scopes: ['read'], creditLimit: '0' }, { creditLimit: 'The limit must be at least 1 credit' }],
      [{ name: 'k', scopes: ['read'], expiresOn: '2001-01-01' }, { expiresOn: 'The expiry date must be today or later' }],
      [{ name: 'k', scopes: ['read'], expiresOn: '2030-02-30' }, { expiresOn: 'Enter a real calendar date' }],
      [{ name: 'k', scopes: ['read'], expiresOn: 'soon' }, { expiresOn: 'Enter a date as YYYY-MM-DD' }],
      [{ name: 'k', scopes: ['read'], expiresOn: `${new Date().getUTCFullYear() + 9}-01-01` }, { expiresOn: 'Choose a date within 5 years' }],
      [null, { form: expect.any(String) as unknown as string }],
    ];
    for (const [input, errors] of cases) expect(await createKeyForUser(userId, input)).toEqual({ ok: false, errors });
    expect(await listKeys(userId)).toEqual([]);
  });

  it('accepts today as the expiry day', async () => {
    const userId = await createTestUser('form');
    expect((await createKeyForUser(userId, { name: 'k', scopes: ['read'], expiresOn: utcDay(new Date()) })).ok).toBe(true);
  });

  it(`stops at ${MAX_ACTIVE_KEYS} active keys`, async () => {
    const userId = await createTestUser('many');
    await getPool().query(
      `INSERT INTO api_keys (id, user_id, name, key_hash, key_start, key_end, scopes)
       SELECT 'key_bulk_' || $1 || i, $1, 'bulk', md5($1 || i), 'perch_abcd', 'wxyz', ARRAY['read'] FROM generate_series(1, $2::int) AS i`,
      [userId, MAX_ACTIVE_KEYS],
    );
    expect(await createKeyForUser(userId, { name: 'one more', scopes: ['read'] })).toEqual({ ok: false, errors: { form: expect.stringContaining('revoke one') } });
  });
});

describe('key ownership', () => {
  it('renames and revokes only the account’s own keys', async () => {
    const owner = await createTestUser('owner');
    const other = await createTestUser('other');
    const created = await createKeyForUser(owner, { name: 'mine', scopes: ['read'] });
    if (!created.ok) throw new Error('no key');
    const { id, key } = created.key;

    expect(await renameKey(other, id, { name: 'stolen' })).toEqual({ ok: false, notFound: true });
    expect(await revokeKey(id, other)).toBe(false);
    expect(await listKeys(other)).toEqual([]);
    expect((await authenticateKey(`Bearer ${key}`)).ok).toBe(true);

    expect(await renameKey(owner, id, { name: ' ' })).toEqual({ ok: false, errors: { name: 'Give the key a name' } });
    expect(await renameKey(owner, id, { name: 'renamed' })).toEqual({ ok: true, name: 'renamed' });
    expect(await revokeKey(id, owner)).toBe(true);
    expect(await authenticateKey(`Bearer ${key}`)).toEqual({ ok: false, reason: 'revoked' });
    const [listed] = await listKeys(owner);
    expect(listed).toMatchObject({ name: 'renamed', status: 'revoked', revokedAt: expect.any(String) });
  });

  it('lists active keys before revoked and expired ones', async () => {
    const userId = await createTestUser('order');
    for (const name of ['first', 'second', 'third']) await createKeyForUser(userId, { name, scopes: ['read'] });
    const keys = await listKeys(userId);
    await revokeKey(keys.find((k) => k.name === 'third')!.id, userId);
    await getPool().query(`UPDATE api_keys SET expires_at = now() - interval '1 day' WHERE user_id = $1 AND name = 'second'`, [userId]);
    expect((await listKeys(userId)).map((k) => [k.name, k.status])).toEqual([
      ['first', 'active'],
      ['third', 'revoked'],
      ['second', 'expired'],
    ]);
  });
});

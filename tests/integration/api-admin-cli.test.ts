import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLedger } from '@/lib/credits';
import { getPool } from '@/lib/db/pool';
import { sharedKeyChangeListener, stopKeyChangeListener } from '@/lib/keys/key-change-listener';
import { waitFor } from '../support/account-fixtures';
import { admin, expectFailure, expectOk } from '../support/admin-cli';
import { callApi } from '../support/api-client';
import { expectError, expectSuccess } from '../support/api-records';

const email = `cli-${crypto.randomBytes(4).toString('hex')}@example.test`;
let key: string;

afterAll(async () => {
  await stopKeyChangeListener();
  const { rows } = await getPool().query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  if (rows[0]) expect((await checkLedger(rows[0].id)).ok).toBe(true);
});

describe('admin CLI', () => {
  it('create-user prints the new account id; grant-credits and balance print the balance', async () => {
    const id = expectOk(await admin('create-user', '--email', email, '--password', 'correct horse battery', '--credits', '5000'));
    const { rows } = await getPool().query<{ id: string; is_admin: boolean }>('SELECT id, is_admin FROM users WHERE email = $1', [email]);
    expect(rows[0]).toEqual({ id, is_admin: false });
    expect(expectOk(await admin('grant-credits', '--email', email, '--credits', '250', '--reason', 'cli test'))).toBe('5250');
    expect(expectOk(await admin('balance', '--email', email.toUpperCase()))).toBe('5250');
  });

  it('create-key prints a full key that works, with the scopes, limits and name asked for', async () => {
    key = expectOk(await admin('create-key', '--email', email, '--name', 'cli key', '--scopes', 'read,write', '--limit', '1000', '--rate-limit', '50'));
    expect(key).toMatch(/^perch_[0-9A-Za-z]{32}$/);
    const account = await callApi('GET', '/v2/account', { key });
    expectSuccess(account);
    expect(account.body.data).toMatchObject({
      email,
      balance: 5250,
      key: { name: 'cli key', scopes: ['read', 'write'], credit_limit: 1000, rate_limit: 50 },
      connected_account: null,
    });
    const expiring = expectOk(await admin('create-key', '--email', email, '--expires', new Date(Date.now() + 86_400_000).toISOString()));
    expectSuccess(await callApi('GET', '/v2/account', { key: expiring }));
  });

  it('connect-account links a platform user, so that writes act as it', async () => {
    const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY id DESC LIMIT 1');
    const { username } = rows[0];
    expect(expectOk(await admin('connect-account', '--email', email, '--platform-username', `@${username.toUpperCase()}`))).toBe(username);
    const account = await callApi('GET', '/v2/account', { key });
    expect(account.body.data.connected_account).toEqual({ username });
  });

  it('samples prints one line of JSON with at least 5 of each, all of which exist', async () => {
    const result = await admin('samples');
    const line = expectOk(result);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    const samples = JSON.parse(line) as Record<'usernames' | 'tweet_ids' | 'list_ids' | 'community_ids', string[]>;
    expect(Object.keys(samples).sort()).toEqual(['community_ids', 'list_ids', 'tweet_ids', 'usernames']);
    for (const values of Object.values(samples)) expect(values.length).toBeGreaterThanOrEqual(5);
    const users = await callApi('POST', '/v2/users/batch', { key, body: { usernames: samples.usernames } });
    expect(users.body.meta.not_found).toEqual([]);
    const tweets = await callApi('POST', '/v2/tweets/batch', { key, body: { ids: samples.tweet_ids } });
    expect(tweets.body.meta.not_found).toEqual([]);
    for (const id of samples.list_ids) expectSuccess(await callApi('GET', `/v2/lists/${id}/members`, { key, query: { count: 1 } }));
    for (const id of samples.community_ids) expectSuccess(await callApi('GET', `/v2/communities/${id}`, { key }));
  });

  it('revoke-key stops a key here within a second, given the key or its id', async () => {
    await sharedKeyChangeListener().ready;
    expectSuccess(await callApi('GET', '/v2/account', { key })); // cached here
    expect(expectOk(await admin('revoke-key', '--key', key))).toBe('revoked');
    // The CLI is another process, without Redis: the database's notification reaches this one.
    await waitFor(async () => (await callApi('GET', '/v2/account', { key })).status === 401, 1_000);
    expectError(await callApi('GET', '/v2/account', { key }), 401, 'unauthorized');
    const other = expectOk(await admin('create-key', '--email', email));
    const { rows } = await getPool().query<{ id: string }>("SELECT id FROM api_keys WHERE key_end = $1 AND revoked_at IS NULL AND name = 'CLI key'", [other.slice(-4)]);
    expect(expectOk(await admin('revoke-key', '--key', rows[0].id))).toBe('revoked');
    // Never used here, so not in this process's key cache: the revocation shows at once.
    expectError(await callApi('GET', '/v2/account', { key: other }), 401, 'unauthorized');
  });

  it('fails with one clear line and a non-zero exit, changing nothing', async () => {
    const balance = expectOk(await admin('balance', '--email', email));
    const results = await Promise.all([
      admin('create-user', '--email', email, '--password', 'correct horse battery'),
      admin('grant-credits', '--email', 'nobody-at-all@example.test', '--credits', '5'),
      admin('balance', '--email', email, '--bogus'),
      admin('grant-credits', '--email', email, '--credits', 'lots'),
      admin('create-key', '--email', email, '--scopes', 'read,admin'),
      admin('create-key', '--email', email, '--expires', 'tomorrow'),
      admin('revoke-key', '--key', 'key_doesnotexist'),
      admin('connect-account', '--email', email, '--platform-username', 'nobody_zz_9q'),
      admin('teleport'),
      admin('balance'),
    ]);
    const messages = [/already exists/, /no account with the email nobody-at-all/, /--bogus/, /--credits/, /scopes/, /--expires/, /no such key/, /no platform user/, /unknown command "teleport"/, /--email or --workspace is required/];
    results.forEach((result, i) => expectFailure(result, messages[i]));
    expect(expectOk(await admin('balance', '--email', email))).toBe(balance);
  });
});

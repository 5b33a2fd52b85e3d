import { beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { createApiAccount } from '../support/api-client';
import { PRICE } from '../support/api-charges';
import { expectError, expectSuccess } from '../support/api-records';

// Issue 27, item 7: a key with a 500 limit and 300 spent refused a 300-credit call with "limit
// of 500 credits is used up (300 spent, 0 held)". The refusal says what is left and what the
// call needs; "used up" only when nothing is left.

let username: string;

beforeAll(async () => {
  const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY id LIMIT 1');
  username = rows[0].username;
});

describe('key_limit_reached', () => {
  it('says how much is left and what the call needs when some is left', async () => {
    const limit = 2 * PRICE.profile + PRICE.profile - 1;
    const key = await createApiAccount({ label: 'limit-left', credits: 10_000, creditLimit: limit });
    expectSuccess(await key.call('GET', `/v2/users/${username}`));
    expectSuccess(await key.call('GET', `/v2/users/${username}`));
    const refused = await key.call('GET', `/v2/users/${username}`);
    expectError(refused, 402, 'key_limit_reached');
    expect(refused.body.error.message).toBe(
      `this call needs up to ${PRICE.profile} credits but this key has ${PRICE.profile - 1} of its ${limit}-credit spending limit left (${2 * PRICE.profile} spent, 0 held by calls in flight): raise the key's spending limit in the dashboard or use another key, or lower max_credits so the call holds less`,
    );
    expect(refused.body.error.message).not.toContain('used up');
  });

  it('says "used up" when nothing is left', async () => {
    const key = await createApiAccount({ label: 'limit-gone', credits: 10_000, creditLimit: PRICE.profile });
    expectSuccess(await key.call('GET', `/v2/users/${username}`));
    const refused = await key.call('GET', `/v2/users/${username}`);
    expectError(refused, 402, 'key_limit_reached');
    expect(refused.body.error.message).toMatch(new RegExp(`^this key's spending limit of ${PRICE.profile} credits is used up \\(${PRICE.profile} spent, 0 held by calls in flight\\)`));
  });
});

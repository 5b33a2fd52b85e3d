import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, placeHold, sweepStaleHolds } from '@/lib/credits';
import { getPool } from '@/lib/db/pool';
import { createApiAccount, expectLedgersBalanced } from '../support/api-client';
import { PRICE, expectCharged, expectNothingCharged, measuredCall } from '../support/api-charges';
import { expectError, expectSuccess } from '../support/api-records';
import { userWithMost } from '../support/api-subjects';

// Contract section 3 through dispatch: holds, 402s, concurrency and the stale-hold sweeper.

let username: string;

beforeAll(async () => {
  username = await userWithMost.tweets();
});

afterAll(async () => {
  await expectLedgersBalanced();
});

describe('402 insufficient_credits', () => {
  it('when the balance cannot cover the hold, with details {required, balance}, charging nothing', async () => {
    const poor = await createApiAccount({ label: 'credits', credits: 17 });
    const answer = await measuredCall(poor, 'GET', `/v2/users/${username}`);
    expectError(answer, 402, 'insufficient_credits');
    expect(answer.body.error.details).toEqual({ required: PRICE.profile, balance: 17 });
    expectNothingCharged(answer);
  });

  it('holds count × unit up front, so a page the balance cannot cover in full is refused; max_credits makes it fit', async () => {
    const poor = await createApiAccount({ label: 'credits', credits: 100 });
    const answer = await measuredCall(poor, 'GET', `/v2/users/${username}/tweets`);
    expectError(answer, 402, 'insufficient_credits');
    expect(answer.body.error.details).toEqual({ required: 20 * PRICE.tweet, balance: 100 });
    expectNothingCharged(answer);
    const capped = await measuredCall(poor, 'GET', `/v2/users/${username}/tweets`, { query: { max_credits: 100 } });
    expectSuccess(capped);
    expectCharged(capped, capped.body.data.length * PRICE.tweet);
  });

  it('for writes and checks at their fixed price', async () => {
    const poor = await createApiAccount({ label: 'credits', credits: 99, connect: username });
    const write = await measuredCall(poor, 'POST', '/v2/tweets/create', { body: { text: 'no money' } });
    expectError(write, 402, 'insufficient_credits');
    expect(write.body.error.details).toEqual({ required: PRICE.write, balance: 99 });
    expectNothingCharged(write);
    expectSuccess(await poor.call('GET', '/v2/users/check-follow', { query: { target: username } }));
    expectError(await poor.call('GET', '/v2/users/check-follow', { query: { target: username } }), 402, 'insufficient_credits');
    expect(await poor.balance()).toBe(99 - PRICE.check);
  });
});

describe('402 key_limit_reached', () => {
  it('when the key’s own limit is used up, though the balance is not, charging nothing', async () => {
    const limited = await createApiAccount({ label: 'credits', credits: 10_000, creditLimit: 50 });
    expectSuccess(await limited.call('GET', `/v2/users/${username}`));
    expectSuccess(await limited.call('GET', `/v2/users/${username}`));
    const answer = await measuredCall(limited, 'GET', `/v2/users/${username}`);
    expectError(answer, 402, 'key_limit_reached');
    expectNothingCharged(answer);
    expect(answer.body.error.details).toMatchObject({ required: PRICE.profile, credit_limit: 50, credits_spent: 2 * PRICE.profile });
    const account = await limited.call('GET', '/v2/account');
    expect(account.body.data.key).toMatchObject({ credit_limit: 50, credits_spent: 2 * PRICE.profile });
  });
});

describe('errors charge nothing', () => {
  it('a failure after the hold (404) releases it in full and logs the call with status and 0 credits', async () => {
    const account = await createApiAccount({ label: 'credits', credits: 1_000 });
    const answer = await measuredCall(account, 'GET', '/v2/users/nobody_zz_9q/tweets');
    expectError(answer, 404, 'not_found');
    expectNothingCharged(answer);
    const { rows } = await getPool().query('SELECT operation, status, items, credits::int FROM usage_events WHERE request_id = $1', [answer.body.meta.request_id]);
    expect(rows).toEqual([{ operation: 'getUserTweets', status: 404, items: 0, credits: 0 }]);
  });

  it('no error usage event anywhere in this run carries credits', async () => {
    const { rows } = await getPool().query('SELECT count(*)::int AS n FROM usage_events WHERE status >= 400 AND credits <> 0');
    expect(rows[0].n).toBe(0);
  });
});

describe('concurrency', () => {
  it('200 concurrent calls on a balance for exactly 150: 150 succeed, 50 get 402, the balance ends at 0', async () => {
    const account = await createApiAccount({ label: 'credits', credits: 150 * PRICE.profile });
    const answers = await Promise.all(Array.from({ length: 200 }, () => account.call('GET', `/v2/users/${username}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(150);
    expect(statuses.filter((s) => s === 402)).toHaveLength(50);
    for (const answer of answers.filter((a) => a.status === 402)) expectError(answer, 402, 'insufficient_credits');
    expect(await account.balance()).toBe(0);
    const ledger = await checkLedger(account.userId);
    expect(ledger).toEqual({ balance: 0, grants: 150 * PRICE.profile, usage: 150 * PRICE.profile, holds: 0, leased: 0, keysOk: true, ok: true });
    // credits_remaining is the balance when each call settled: never negative, never above what was left after it.
    for (const answer of answers.filter((a) => a.status === 200)) {
      expect(answer.body.meta.credits_remaining).toBeGreaterThanOrEqual(0);
      expect(answer.body.meta.credits_remaining).toBeLessThanOrEqual(149 * PRICE.profile);
    }
  });

  it('200 concurrent calls on a key limit for exactly 150: 150 succeed, 50 get key_limit_reached', async () => {
    const account = await createApiAccount({ label: 'credits', credits: 1_000_000, creditLimit: 150 * PRICE.profile });
    const answers = await Promise.all(Array.from({ length: 200 }, () => account.call('GET', `/v2/users/${username}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(150);
    expect(answers.filter((a) => a.status === 402 && a.body.error.code === 'key_limit_reached')).toHaveLength(50);
    expect(await account.balance()).toBe(1_000_000 - 150 * PRICE.profile);
    expect((await checkLedger(account.userId)).ok).toBe(true);
  });
});

describe('stale holds', () => {
  it('a hold left by a killed request is released by the sweeper and the balance restored; fresh holds stay', async () => {
    const account = await createApiAccount({ label: 'credits', credits: 1_000 });
    const killed = await placeHold({ userId: account.userId, keyId: account.keyId, requestId: `req_${crypto.randomBytes(6).toString('hex')}`, amount: 300 });
    const fresh = await placeHold({ userId: account.userId, keyId: account.keyId, requestId: `req_${crypto.randomBytes(6).toString('hex')}`, amount: 100 });
    if (!killed.ok || !fresh.ok) throw new Error('holds were refused');
    expect(await account.balance()).toBe(600);
    // While the hold is open the API sees only what is left.
    const tooMuch = await account.call('GET', `/v2/users/${username}/tweets`, { query: { count: 41 } });
    expectError(tooMuch, 402, 'insufficient_credits');
    expect(tooMuch.body.error.details).toEqual({ required: 41 * PRICE.tweet, balance: 600 });

    await getPool().query("UPDATE credit_holds SET created_at = now() - interval '1 hour' WHERE id = $1", [killed.holdId]);
    const swept = await sweepStaleHolds(10 * 60_000);
    expect(swept.released).toBeGreaterThanOrEqual(1);
    expect(await account.balance()).toBe(900);
    const { rows } = await getPool().query('SELECT id::text FROM credit_holds WHERE user_id = $1', [account.userId]);
    expect(rows).toEqual([{ id: fresh.holdId }]);
    expect(await checkLedger(account.userId)).toMatchObject({ ok: true, holds: 100, balance: 900, usage: 0 });
    // Leave no open hold behind for the file's ledger check.
    await getPool().query("UPDATE credit_holds SET created_at = now() - interval '1 hour' WHERE id = $1", [fresh.holdId]);
    await sweepStaleHolds(10 * 60_000);
    expect(await account.balance()).toBe(1_000);
  });
});

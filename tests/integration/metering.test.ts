import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, getBalance, grantCredits, placeHold, reclaimExpiredLeases, sweepStaleHolds } from '@/lib/credits';
import { getPool } from '@/lib/db/pool';
import { getBilling } from '@/lib/dashboard/get-billing';
import { getOverview } from '@/lib/dashboard/get-overview';
import { issueKey } from '@/lib/keys';
import { flushUsage } from '@/lib/metering/flush-usage';
import { instanceId } from '@/lib/metering/instance-id';
import { takeLease } from '@/lib/metering/lease-statements';
import { flushMetering, getMeter, Meter, stopMetering } from '@/lib/metering/meter';
import { readMeteringConfig } from '@/lib/metering/metering-config';
import { localPlatform } from '@/lib/platform/local';
import type { Platform } from '@/lib/platform/platform';
import { dispatch } from '@/lib/api/dispatch';
import { apiRequest, callApi, createApiAccount, expectLedgersBalanced, readAnswer } from '../support/api-client';
import { PRICE } from '../support/api-charges';
import { createTestUser, waitFor } from '../support/account-fixtures';
import { expectError, expectSuccess } from '../support/api-records';
import { userWithMost } from '../support/api-subjects';

// Metering off the hot path (lib/metering): credit leases, write-behind usage, refused calls
// recorded, exactness at the edge across instances, reclaim of a dead instance's lease.

let username: string;

beforeAll(async () => {
  username = await userWithMost.tweets();
});

afterAll(async () => {
  await expectLedgersBalanced();
});

async function leaseRows(keyId: string) {
  const { rows } = await getPool().query<{ instance_id: string; amount: string }>('SELECT instance_id, amount FROM credit_leases WHERE key_id = $1', [keyId]);
  return rows.map((row) => ({ instance: row.instance_id, amount: Number(row.amount) }));
}

async function storedBalance(userId: string): Promise<number> {
  const { rows } = await getPool().query<{ balance: string }>('SELECT balance FROM credit_balances WHERE user_id = $1', [userId]);
  return Number(rows[0]?.balance ?? 0);
}

async function events(userId: string) {
  const { rows } = await getPool().query<{ operation: string; status: number; credits: number }>(
    'SELECT operation, status, credits::int FROM usage_events WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows;
}

describe('credit leases', () => {
  it('serve a key’s calls from one lease of this instance, with usage written behind and the ledger exact', async () => {
    const account = await createApiAccount({ label: 'lease', credits: 1_000_000 });
    for (let i = 0; i < 30; i += 1) expectSuccess(await account.call('GET', `/v2/users/${username}`));
    const leases = await leaseRows(account.keyId);
    expect(leases).toHaveLength(1);
    expect(leases[0].instance).toBe(instanceId());
    expect(leases[0].amount).toBeGreaterThan(0);
    // The lease left the stored balance; the account's balance counts it in.
    await flushMetering();
    expect(await storedBalance(account.userId)).toBeLessThan(1_000_000 - 30 * PRICE.profile);
    expect(await getBalance(account.userId)).toBe(1_000_000 - 30 * PRICE.profile);
    expect(await events(account.userId)).toEqual(Array.from({ length: 30 }, () => ({ operation: 'getUser', status: 200, credits: PRICE.profile })));
    const ledger = await checkLedger(account.userId);
    expect(ledger).toMatchObject({ ok: true, keysOk: true, holds: 0, usage: 30 * PRICE.profile });
    expect(ledger.leased).toBeGreaterThan(0);
  });

  it('are given back when idle, leaving the stored balance at grants − usage', async () => {
    const account = await createApiAccount({ label: 'lease', credits: 500_000 });
    for (let i = 0; i < 5; i += 1) expectSuccess(await account.call('GET', `/v2/users/${username}`));
    expect(await leaseRows(account.keyId)).toHaveLength(1);
    // PERCH_LEASE_IDLE_MS (10 s) after the last call, at the next tick of the meter.
    await waitFor(async () => (await leaseRows(account.keyId)).length === 0, 20_000);
    expect(await storedBalance(account.userId)).toBe(500_000 - 5 * PRICE.profile);
    expect(await checkLedger(account.userId)).toMatchObject({ ok: true, leased: 0, usage: 5 * PRICE.profile });
  });

  it('answer credits_remaining as the balance this instance sees (stored balance + its unused lease)', async () => {
    const account = await createApiAccount({ label: 'lease', credits: 200_000 });
    const first = await account.call('GET', `/v2/users/${username}`);
    const second = await account.call('GET', `/v2/users/${username}`);
    expect(first.body.meta.credits_remaining).toBe(200_000 - PRICE.profile);
    expect(second.body.meta.credits_remaining).toBe(200_000 - 2 * PRICE.profile);
    expect(await account.balance()).toBe(200_000 - 2 * PRICE.profile);
  });

  it('count against a key’s spending limit like holds', async () => {
    const account = await createApiAccount({ label: 'lease', credits: 1_000_000, creditLimit: 40 * PRICE.profile });
    const answers = await Promise.all(Array.from({ length: 60 }, () => account.call('GET', `/v2/users/${username}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(40);
    expect(answers.filter((a) => a.status === 402 && a.body.error.code === 'key_limit_reached')).toHaveLength(20);
    await flushMetering();
    const { rows } = await getPool().query('SELECT credits_spent::int FROM api_keys WHERE id = $1', [account.keyId]);
    expect(rows[0].credits_spent).toBe(40 * PRICE.profile);
  });
});

describe('two instances on one database (two meters in this process)', () => {
  async function accountWithKey(credits: number) {
    const userId = await createTestUser('lease2');
    await grantCredits(userId, credits, 'test grant');
    const { id: keyId } = await issueKey({ userId, name: 'k', scopes: ['read'], rateLimit: 100_000 });
    return { userId, keyId };
  }

  async function spend(meter: Meter, account: { userId: string; keyId: string }, amount: number, charge = amount) {
    const requestId = `req_${crypto.randomBytes(8).toString('hex')}`;
    const reserved = await meter.reserve({ ...account, requestId, amount });
    if (!reserved.ok) return reserved.reason;
    await reserved.ticket.settle(charge, { operation: 'getUser', tag: 'Users', status: 200, items: 1, latencyMs: 1, source: 'api' });
    return 'ok';
  }

  it('200 concurrent calls over both on credits for exactly 150: 150 succeed, the balance ends at 0, the ledger is exact', async () => {
    const config = readMeteringConfig();
    const a = new Meter(config, `test-a-${crypto.randomBytes(3).toString('hex')}`);
    const b = new Meter(config, `test-b-${crypto.randomBytes(3).toString('hex')}`);
    try {
      for (const [amount, charge] of [
        [18, 18],
        [300, 150],
      ]) {
        const account = await accountWithKey(150 * charge);
        const results = await Promise.all(Array.from({ length: 200 }, (_, i) => spend(i % 2 ? a : b, account, amount, charge)));
        expect(results.filter((r) => r === 'ok').length, `hold ${amount}, charge ${charge}`).toBeGreaterThanOrEqual(amount === charge ? 150 : 1);
        if (amount === charge) {
          expect(results.filter((r) => r === 'ok')).toHaveLength(150);
          expect(results.filter((r) => r === 'insufficient_credits')).toHaveLength(50);
        }
        await Promise.all([a.flush(), b.flush()]);
        const ledger = await checkLedger(account.userId);
        expect(ledger).toMatchObject({ ok: true, keysOk: true, holds: 0, usage: results.filter((r) => r === 'ok').length * charge });
        // Calls that charge their whole hold meet the edge exactly: nothing is left that a call could have used.
        // (Calls charging less than they hold can be refused while others' holds are still open, as with per-call holds.)
        if (amount === charge) expect(ledger.balance + ledger.leased).toBe(0);
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('a killed instance’s lease (never flushed) is reclaimed when it expires: its calls go free, nothing is lost', async () => {
    const account = await accountWithKey(100_000);
    // A meter that never flushes and never renews: what a kill -9 leaves behind.
    const killed = new Meter({ ...readMeteringConfig(), flushIntervalMs: 3_600_000, leaseTtlMs: 3_600_000 }, `test-killed-${crypto.randomBytes(3).toString('hex')}`);
    for (let i = 0; i < 10; i += 1) expect(await spend(killed, account, 18)).toBe('ok');
    const [lease] = await leaseRows(account.keyId);
    expect(lease.amount).toBeGreaterThan(0);
    expect(await checkLedger(account.userId)).toMatchObject({ ok: true, usage: 0, leased: lease.amount });
    await getPool().query("UPDATE credit_leases SET expires_at = now() - interval '1 second' WHERE key_id = $1", [account.keyId]);
    const reclaimed = await reclaimExpiredLeases();
    expect(reclaimed.reclaimed).toBeGreaterThanOrEqual(1);
    expect(await checkLedger(account.userId)).toEqual({ ok: true, keysOk: true, balance: 100_000, grants: 100_000, usage: 0, holds: 0, leased: 0 });
    // Its records, if they ever arrive, charge nothing: the lease they came from is gone.
    await killed.flush();
    expect(await checkLedger(account.userId)).toMatchObject({ ok: true, balance: 100_000, usage: 0 });
    expect(await events(account.userId)).toHaveLength(10);
  });
});

describe('usage written behind', () => {
  it('a flush retried after its answer was lost (database back from an outage) counts nothing twice', async () => {
    const userId = await createTestUser('flush');
    await grantCredits(userId, 10_000, 'test grant');
    const { id: keyId } = await issueKey({ userId, name: 'k', scopes: ['read'] });
    const instance = `test-flush-${crypto.randomBytes(3).toString('hex')}`;
    const lease = await takeLease({ userId, keyId, instanceId: instance, want: 1_000, atLeast: 36, ttlMs: 60_000 });
    expect(lease).toMatchObject({ leaseAmount: 1_000, balance: 9_000 });
    const record = (credits: number) => ({
      requestId: `req_${crypto.randomBytes(8).toString('hex')}`,
      userId,
      keyId,
      leaseId: credits > 0 ? lease.leaseId : null,
      operation: 'getUser',
      tag: 'Users',
      status: credits > 0 ? 200 : 402,
      items: credits > 0 ? 1 : 0,
      credits,
      latencyMs: 3,
      source: 'api' as const,
      at: Date.now(),
      platform: 'local',
      upstreamRequests: 0,
      upstreamCached: 0,
      upstreamItems: 0,
      upstreamCostMicros: 0,
    });
    const batch = [record(18), record(18), record(0)];
    const first = await flushUsage(batch);
    expect(first.debited.get(lease.leaseId!)).toBe(36);
    // The retry writes nothing, and reports what the lost flush moved out of the lease (the
    // instance never heard of it), so that its in-memory lease matches the row again.
    const again = await flushUsage(batch, { mayBeRecorded: true });
    expect(again.debited).toEqual(new Map([[lease.leaseId!, 36]]));
    expect(await events(userId)).toHaveLength(3);
    expect(await checkLedger(userId)).toEqual({ ok: true, keysOk: true, balance: 9_000, grants: 10_000, usage: 36, holds: 0, leased: 964 });
    const { rows } = await getPool().query('SELECT sum(calls)::int AS calls, sum(errors)::int AS errors, sum(credits)::int AS credits FROM usage_daily WHERE user_id = $1', [userId]);
    expect(rows[0]).toEqual({ calls: 3, errors: 1, credits: 36 });
    await getPool().query('DELETE FROM credit_leases WHERE id = $1', [lease.leaseId]);
    await getPool().query('UPDATE credit_balances SET balance = balance + 964 WHERE user_id = $1', [userId]);
    await getPool().query('UPDATE api_keys SET credits_leased = 0 WHERE id = $1', [keyId]);
  });
});

describe('refused calls are recorded (issue 15 point 2)', () => {
  it('400, 402, 403, 404, 405 and 429 with a valid key land in usage with their status and 0 credits; a 401 does not', async () => {
    const account = await createApiAccount({ label: 'refused', credits: 10, scopes: ['read'], rateLimit: 1 });
    const answers = [
      await account.call('GET', `/v2/users/${username}/tweets`, { query: { count: 0 } }),
      await account.call('GET', `/v2/users/${username}`),
      await account.call('POST', '/v2/tweets/create', { body: { text: 'no scope' } }),
      await account.call('GET', '/v2/nowhere'),
      await account.call('PUT', `/v2/users/${username}`),
    ];
    const statuses = answers.map((a) => a.status);
    // The key allows 1 request per second with a burst: some of these may already be 429s.
    expect(statuses.every((s) => [400, 402, 403, 404, 405, 429].includes(s))).toBe(true);
    let limited = await account.call('GET', `/v2/users/${username}`);
    while (limited.status !== 429) limited = await account.call('GET', `/v2/users/${username}`);
    expectError(limited, 429, 'rate_limited');
    const unknownKey = await callApi('GET', `/v2/users/${username}`, { key: `perch_${'x'.repeat(32)}` });
    expect(unknownKey.status).toBe(401);

    await flushMetering();
    const { rows } = await getPool().query<{ request_id: string; operation: string; status: number; credits: number; key_id: string }>(
      'SELECT request_id, operation, status, credits::int, key_id FROM usage_events WHERE user_id = $1',
      [account.userId],
    );
    const byRequest = new Map(rows.map((row) => [row.request_id, row]));
    for (const answer of [...answers, limited]) {
      expect(byRequest.get(answer.body.meta.request_id), `${answer.status} recorded`).toMatchObject({ status: answer.status, credits: 0, key_id: account.keyId });
    }
    expect(byRequest.get(answers[0].body.meta.request_id)?.operation).toBe('getUserTweets');
    expect(byRequest.get(answers[3].body.meta.request_id)?.operation).toBe('unmatchedRoute');
    const { rows: none } = await getPool().query('SELECT 1 FROM usage_events WHERE request_id = $1', [unknownKey.body.meta.request_id]);
    expect(none).toHaveLength(0);

    // Overview counts them as requests and errors.
    const overview = await getOverview(account.userId);
    expect(overview.requests30d).toBe(rows.length);
    expect(overview.errors30d).toBe(rows.filter((row) => row.status >= 400).length);
    expect(overview.errors30d).toBeGreaterThanOrEqual(6);
  });
});

describe('operation timeout', () => {
  it('a handler past PERCH_OPERATION_TIMEOUT_MS answers 503 unavailable and charges nothing', async () => {
    await stopMetering();
    const previous = process.env.PERCH_OPERATION_TIMEOUT_MS;
    process.env.PERCH_OPERATION_TIMEOUT_MS = '300';
    try {
      expect(getMeter().config.operationTimeoutMs).toBe(300);
      const account = await createApiAccount({ label: 'timeout', credits: 10_000 });
      const slow: Platform = { ...localPlatform, getUser: () => new Promise((resolve) => setTimeout(() => resolve(localPlatform.getUser(username)), 2_000)) };
      const answer = await readAnswer(await dispatch(apiRequest('GET', `/v2/users/${username}`, { key: account.key }), { platform: slow }));
      expectError(answer, 503, 'unavailable');
      expect(await account.balance()).toBe(10_000);
      const { rows } = await getPool().query('SELECT status, credits::int FROM usage_events WHERE request_id = $1', [answer.body.meta.request_id]);
      expect(rows).toEqual([{ status: 503, credits: 0 }]);
    } finally {
      await stopMetering();
      if (previous === undefined) delete process.env.PERCH_OPERATION_TIMEOUT_MS;
      else process.env.PERCH_OPERATION_TIMEOUT_MS = previous;
    }
  });
});

describe('shutdown', () => {
  it('stopMetering writes the buffered usage and gives every lease back', async () => {
    const account = await createApiAccount({ label: 'stop', credits: 300_000 });
    for (let i = 0; i < 10; i += 1) expectSuccess(await account.call('GET', `/v2/users/${username}`));
    await stopMetering();
    expect(await leaseRows(account.keyId)).toEqual([]);
    expect(await storedBalance(account.userId)).toBe(300_000 - 10 * PRICE.profile);
    expect(await checkLedger(account.userId)).toMatchObject({ ok: true, usage: 10 * PRICE.profile, leased: 0, holds: 0 });
  });
});

describe('open holds on the billing page (issue 13 point 3)', () => {
  it('lists each open hold with its key and total, says when a stuck one is released, and counts leases in the balance', async () => {
    const account = await createApiAccount({ label: 'billing', credits: 100_000 });
    const requestId = `req_${crypto.randomBytes(6).toString('hex')}`;
    const hold = await placeHold({ userId: account.userId, keyId: account.keyId, requestId, amount: 700 });
    if (!hold.ok) throw new Error('hold refused');
    expectSuccess(await account.call('GET', `/v2/users/${username}`));
    await flushMetering();
    const billing = await getBilling(account.userId);
    expect(billing.openHolds).toEqual([{ requestId, amount: 700, createdAt: expect.any(String), keyName: 'api test key' }]);
    expect(billing.heldTotal).toBe(700);
    // The operation timeout (30 s by default) plus the same again as a margin.
    expect(billing.holdReleaseSeconds).toBe(60);
    expect(billing.balance).toBe(100_000 - 700 - PRICE.profile);
    await getPool().query("UPDATE credit_holds SET created_at = now() - interval '61 seconds' WHERE request_id = $1", [requestId]);
    await sweepStaleHolds(60_000);
    expect((await getBilling(account.userId)).openHolds).toEqual([]);
  });
});

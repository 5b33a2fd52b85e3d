import crypto from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '@/lib/credits/check-ledger';
import { getBalance } from '@/lib/credits/get-balance';
import { grantCredits } from '@/lib/credits/grant-credits';
import { placeHold } from '@/lib/credits/place-hold';
import { HoldNotFoundError, releaseHold, settleHold } from '@/lib/credits/settle-hold';
import { startHoldSweeper, sweepStaleHolds } from '@/lib/credits/sweep-stale-holds';
import type { UsageRecord } from '@/lib/credits/types';
import { getPool } from '@/lib/db/pool';
import { issueKey } from '@/lib/keys/issue-key';
import { createTestUser, waitFor } from '../support/account-fixtures';

const ok: UsageRecord = { operation: 'searchTweets', tag: 'Search', status: 200, items: 2, latencyMs: 12, source: 'api' };

function requestId(): string {
  return `req_${crypto.randomBytes(8).toString('hex')}`;
}

async function newAccount(credits: number, key: { creditLimit?: number } = {}) {
  const userId = await createTestUser('credits');
  if (credits > 0) await grantCredits(userId, credits, 'test grant');
  const { id: keyId } = await issueKey({ userId, name: 'k', scopes: ['read', 'write'], creditLimit: key.creditLimit });
  return { userId, keyId };
}

async function keyCredits(keyId: string) {
  const { rows } = await getPool().query<{ credits_spent: string; credits_held: string }>('SELECT credits_spent, credits_held FROM api_keys WHERE id = $1', [keyId]);
  return { spent: Number(rows[0].credits_spent), held: Number(rows[0].credits_held) };
}

async function holdOrFail(input: { userId: string; keyId: string | null; amount: number }) {
  const result = await placeHold({ ...input, requestId: requestId() });
  if (!result.ok) throw new Error(`expected a hold, got ${result.reason}`);
  return result;
}

describe('grantCredits and getBalance', () => {
  it('creates the balance on the first grant and adds on later ones', async () => {
    const userId = await createTestUser('grants');
    expect(await getBalance(userId)).toBe(0);
    expect(await grantCredits(userId, 1_000, 'signup')).toBe(1_000);
    expect(await grantCredits(userId, 250, 'top-up')).toBe(1_250);
    expect(await getBalance(userId)).toBe(1_250);
    const { rows } = await getPool().query('SELECT amount::int, reason FROM credit_grants WHERE user_id = $1 ORDER BY id', [userId]);
    expect(rows).toEqual([{ amount: 1_000, reason: 'signup' }, { amount: 250, reason: 'top-up' }]);
    expect((await checkLedger(userId)).ok).toBe(true);
  });

  it('rejects amounts that are not positive whole credits', async () => {
    const userId = await createTestUser('grants');
    for (const amount of [0, -5, 1.5, Number.NaN]) await expect(grantCredits(userId, amount, 'x')).rejects.toBeInstanceOf(RangeError);
    await expect(grantCredits(userId, 5, '  ')).rejects.toBeInstanceOf(RangeError);
    expect(await getBalance(userId)).toBe(0);
  });
});

describe('placeHold, settleHold, releaseHold', () => {
  it('holds, settles to the real charge, refunds the rest and logs the call', async () => {
    const { userId, keyId } = await newAccount(1_000);
    const rid = requestId();
    const hold = await placeHold({ userId, keyId, requestId: rid, amount: 300 });
    expect(hold).toMatchObject({ ok: true, balance: 700 });
    if (!hold.ok) return;
    expect(await keyCredits(keyId)).toEqual({ spent: 0, held: 300 });
    expect(await checkLedger(userId)).toMatchObject({ balance: 700, grants: 1_000, usage: 0, holds: 300, ok: true });

    expect(await settleHold({ holdId: hold.holdId, charge: 30, usage: ok })).toBe(970);
    expect(await keyCredits(keyId)).toEqual({ spent: 30, held: 0 });
    expect(await checkLedger(userId)).toEqual({ balance: 970, grants: 1_000, usage: 30, holds: 0, leased: 0, keysOk: true, ok: true });

    const { rows } = await getPool().query('SELECT * FROM usage_events WHERE user_id = $1', [userId]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ request_id: rid, key_id: keyId, operation: 'searchTweets', tag: 'Search', status: 200, items: 2, credits: '30', latency_ms: 12, source: 'api' });
  });

  it('answers insufficient_credits with the required amount and the balance, changing nothing', async () => {
    const { userId, keyId } = await newAccount(100);
    expect(await placeHold({ userId, keyId, requestId: requestId(), amount: 101 })).toEqual({ ok: false, reason: 'insufficient_credits', required: 101, balance: 100 });
    const broke = await createTestUser('broke');
    expect(await placeHold({ userId: broke, keyId: null, requestId: requestId(), amount: 1 })).toEqual({ ok: false, reason: 'insufficient_credits', required: 1, balance: 0 });
    expect(await keyCredits(keyId)).toEqual({ spent: 0, held: 0 });
    expect(await checkLedger(userId)).toMatchObject({ balance: 100, holds: 0, ok: true });
  });

  it('counts open holds against the key limit, and checks the balance first', async () => {
    const { userId, keyId } = await newAccount(10_000, { creditLimit: 500 });
    const first = await holdOrFail({ userId, keyId, amount: 400 });
    expect(await placeHold({ userId, keyId, requestId: requestId(), amount: 101 })).toEqual({
      ok: false,
      reason: 'key_limit_reached',
      required: 101,
      creditLimit: 500,
      creditsSpent: 0,
      creditsHeld: 400,
    });
    await holdOrFail({ userId, keyId, amount: 100 }); // exactly up to the limit is fine
    await settleHold({ holdId: first.holdId, charge: 400, usage: ok });
    expect(await placeHold({ userId, keyId, requestId: requestId(), amount: 20_000 })).toMatchObject({ ok: false, reason: 'insufficient_credits' });
    expect(await checkLedger(userId)).toMatchObject({ ok: true, holds: 100, usage: 400 });
  });

  it('places keyless holds (dashboard playground) and rolls them up under key ""', async () => {
    const { userId } = await newAccount(100);
    const hold = await holdOrFail({ userId, keyId: null, amount: 50 });
    await settleHold({ holdId: hold.holdId, charge: 15, usage: { ...ok, source: 'playground', items: 1 } });
    const { rows } = await getPool().query('SELECT key_id, calls, credits::int FROM usage_daily WHERE user_id = $1', [userId]);
    expect(rows).toEqual([{ key_id: '', calls: 1, credits: 15 }]);
    expect(await checkLedger(userId)).toMatchObject({ balance: 85, ok: true });
  });

  it('places a free hold for an account that never had credits', async () => {
    const userId = await createTestUser('free');
    const hold = await holdOrFail({ userId, keyId: null, amount: 0 });
    expect(await settleHold({ holdId: hold.holdId, charge: 0, usage: { ...ok, operation: 'getAccount', tag: 'Account', items: 1 } })).toBe(0);
    expect(await checkLedger(userId)).toMatchObject({ balance: 0, usage: 0, ok: true });
  });

  it('throws for a key that is not the account’s', async () => {
    const { userId } = await newAccount(100);
    const stranger = await newAccount(100);
    await expect(placeHold({ userId, keyId: stranger.keyId, requestId: requestId(), amount: 10 })).rejects.toThrow(/not user/);
    expect(await checkLedger(userId)).toMatchObject({ balance: 100, holds: 0, ok: true });
  });

  it('releases a failed call in full and still records it as an error', async () => {
    const { userId, keyId } = await newAccount(1_000);
    const hold = await holdOrFail({ userId, keyId, amount: 300 });
    expect(await releaseHold({ holdId: hold.holdId, usage: { operation: 'getUser', tag: 'Users', status: 404, latencyMs: 3, source: 'api' } })).toBe(1_000);
    expect(await keyCredits(keyId)).toEqual({ spent: 0, held: 0 });
    const daily = await getPool().query('SELECT calls, errors, credits::int FROM usage_daily WHERE user_id = $1', [userId]);
    expect(daily.rows).toEqual([{ calls: 1, errors: 1, credits: 0 }]);
    const events = await getPool().query('SELECT status, credits::int, items FROM usage_events WHERE user_id = $1', [userId]);
    expect(events.rows).toEqual([{ status: 404, credits: 0, items: 0 }]);
  });

  it('refuses to charge more than the hold, to charge an error, or to settle twice', async () => {
    const { userId, keyId } = await newAccount(1_000);
    const hold = await holdOrFail({ userId, keyId, amount: 100 });
    await expect(settleHold({ holdId: hold.holdId, charge: 101, usage: ok })).rejects.toThrow(/exceeds hold/);
    await expect(settleHold({ holdId: hold.holdId, charge: 10, usage: { ...ok, status: 500 } })).rejects.toThrow(/must not charge/);
    expect(await checkLedger(userId)).toMatchObject({ holds: 100, ok: true }); // all refused, nothing changed
    await settleHold({ holdId: hold.holdId, charge: 100, usage: ok });
    await expect(settleHold({ holdId: hold.holdId, charge: 0, usage: ok })).rejects.toBeInstanceOf(HoldNotFoundError);
    await expect(settleHold({ holdId: 'nonsense', charge: 0, usage: ok })).rejects.toBeInstanceOf(HoldNotFoundError);
    expect(await checkLedger(userId)).toMatchObject({ balance: 900, usage: 100, holds: 0, ok: true });
  });
});

describe('under concurrency', () => {
  it('200 concurrent calls on a balance for exactly 150: 150 succeed, 50 are refused, balance ends at 0', async () => {
    const cost = 15;
    const { userId, keyId } = await newAccount(150 * cost);
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const hold = await placeHold({ userId, keyId, requestId: requestId(), amount: cost });
        if (!hold.ok) return hold.reason;
        await settleHold({ holdId: hold.holdId, charge: cost, usage: { ...ok, items: 1 } });
        return 'ok';
      }),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(150);
    expect(outcomes.filter((o) => o === 'insufficient_credits')).toHaveLength(50);
    expect(await getBalance(userId)).toBe(0);
    expect(await keyCredits(keyId)).toEqual({ spent: 150 * cost, held: 0 });
    expect(await checkLedger(userId)).toEqual({ balance: 0, grants: 150 * cost, usage: 150 * cost, holds: 0, leased: 0, keysOk: true, ok: true });
    const daily = await getPool().query('SELECT calls, errors, items::int, credits::int FROM usage_daily WHERE user_id = $1', [userId]);
    expect(daily.rows).toEqual([{ calls: 150, errors: 0, items: 150, credits: 150 * cost }]);
  });

  it('enforces the key limit exactly under concurrency', async () => {
    const cost = 100;
    const { userId, keyId } = await newAccount(1_000_000, { creditLimit: 10 * cost });
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, async () => {
        const hold = await placeHold({ userId, keyId, requestId: requestId(), amount: cost });
        if (!hold.ok) return hold.reason;
        await settleHold({ holdId: hold.holdId, charge: cost, usage: ok });
        return 'ok';
      }),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(10);
    expect(outcomes.filter((o) => o === 'key_limit_reached')).toHaveLength(50);
    expect(await keyCredits(keyId)).toEqual({ spent: 10 * cost, held: 0 });
    expect(await checkLedger(userId)).toMatchObject({ balance: 1_000_000 - 10 * cost, ok: true });
  });

  it('keeps the ledger exact with mixed holds, partial charges, releases, grants and two keys', async () => {
    const { userId, keyId } = await newAccount(20_000, { creditLimit: 6_000 });
    const second = await issueKey({ userId, name: 'second', scopes: ['read'] });
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const tasks = Array.from({ length: 300 }, (_, i) => {
      const amount = random(400);
      const charge = random(amount + 1);
      const fail = random(5) === 0;
      const key = [keyId, second.id, null][i % 3];
      return async () => {
        if (i % 25 === 0) await grantCredits(userId, 500, 'concurrent top-up');
        const hold = await placeHold({ userId, keyId: key, requestId: requestId(), amount });
        if (!hold.ok) return;
        if (fail) await releaseHold({ holdId: hold.holdId, usage: { ...ok, status: 503 } });
        else await settleHold({ holdId: hold.holdId, charge, usage: ok });
      };
    });
    // Audit while calls are in flight: every intermediate state satisfies the identity too.
    const audits: boolean[] = [];
    const auditing = (async () => {
      for (let i = 0; i < 20; i++) audits.push((await checkLedger(userId)).ok);
    })();
    await Promise.all(tasks.map((task) => task()));
    await auditing;
    expect(audits.every(Boolean)).toBe(true);
    const ledger = await checkLedger(userId);
    expect(ledger).toMatchObject({ holds: 0, ok: true, keysOk: true });
    expect((await keyCredits(keyId)).spent).toBeLessThanOrEqual(6_000);
    expect(ledger.balance).toBeGreaterThanOrEqual(0);
  });
});

describe('decisions on the current balance', () => {
  it('a hold waiting behind a grant sees the granted credits (no 402 from a stale snapshot)', async () => {
    const userId = await createTestUser('waiting');
    await grantCredits(userId, 10, 'small');
    const granting = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await granting.connect();
    try {
      // A grant, in flight: its balance row lock is held until COMMIT.
      await granting.query('BEGIN');
      await granting.query(`INSERT INTO credit_grants (user_id, amount, reason) VALUES ($1, 100, 'slow grant')`, [userId]);
      await granting.query('UPDATE credit_balances SET balance = balance + 100 WHERE user_id = $1', [userId]);
      const hold = placeHold({ userId, keyId: null, requestId: requestId(), amount: 50 });
      // The hold's statement has taken its snapshot (balance 10) and waits for the row lock.
      await waitFor(async () => {
        const { rows } = await getPool().query(`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%WITH bal AS MATERIALIZED%'`);
        return rows.length > 0;
      });
      await granting.query('COMMIT');
      expect(await hold).toMatchObject({ ok: true, balance: 60 });
    } finally {
      await granting.end();
    }
    expect(await checkLedger(userId)).toMatchObject({ balance: 60, grants: 110, holds: 50, ok: true });
  });
});

describe('stale holds', () => {
  it('sweepStaleHolds refunds holds older than the threshold and leaves fresh ones', async () => {
    const { userId, keyId } = await newAccount(1_000);
    const stale = await holdOrFail({ userId, keyId, amount: 300 });
    const fresh = await holdOrFail({ userId, keyId, amount: 200 });
    await getPool().query(`UPDATE credit_holds SET created_at = now() - interval '1 hour' WHERE id = $1`, [stale.holdId]);
    expect(await getBalance(userId)).toBe(500);

    const swept = await sweepStaleHolds(10 * 60_000);
    expect(swept.released).toBeGreaterThanOrEqual(1);
    expect(await getBalance(userId)).toBe(800);
    expect(await keyCredits(keyId)).toEqual({ spent: 0, held: 200 });
    expect(await checkLedger(userId)).toMatchObject({ holds: 200, ok: true });
    // The killed request's settle comes too late; the live one settles normally.
    await expect(settleHold({ holdId: stale.holdId, charge: 10, usage: ok })).rejects.toBeInstanceOf(HoldNotFoundError);
    expect(await settleHold({ holdId: fresh.holdId, charge: 200, usage: ok })).toBe(800);
  });

  it('startHoldSweeper does it on an interval until stopped', async () => {
    const { userId, keyId } = await newAccount(1_000);
    const stale = await holdOrFail({ userId, keyId, amount: 400 });
    await getPool().query(`UPDATE credit_holds SET created_at = now() - interval '1 hour' WHERE id = $1`, [stale.holdId]);
    const stop = startHoldSweeper({ olderThanMs: 60_000, intervalMs: 20 });
    try {
      await waitFor(async () => (await getBalance(userId)) === 1_000);
    } finally {
      stop();
    }
    expect(await checkLedger(userId)).toMatchObject({ holds: 0, ok: true });
  });
});

describe('usage_daily', () => {
  it('matches the usage events it rolls up, per account, key, UTC day and operation', async () => {
    const { userId, keyId } = await newAccount(100_000);
    const calls: Array<{ key: string | null; usage: UsageRecord; charge: number }> = [
      { key: keyId, usage: ok, charge: 30 },
      { key: keyId, usage: { ...ok, items: 5, latencyMs: 40 }, charge: 75 },
      { key: keyId, usage: { ...ok, status: 400, items: 0 }, charge: 0 },
      { key: keyId, usage: { operation: 'getUser', tag: 'Users', status: 200, items: 1, latencyMs: 4, source: 'api' }, charge: 18 },
      { key: null, usage: { ...ok, source: 'playground' }, charge: 30 },
    ];
    for (const call of calls) {
      const hold = await holdOrFail({ userId, keyId: call.key, amount: 100 });
      await settleHold({ holdId: hold.holdId, charge: call.charge, usage: call.usage });
    }
    const fromEvents = await getPool().query(
      `SELECT coalesce(key_id, '') AS key_id, (created_at AT TIME ZONE 'UTC')::date::text AS day, operation, min(tag) AS tag,
              count(*)::int AS calls, count(*) FILTER (WHERE status >= 400)::int AS errors,
              sum(items)::int AS items, sum(credits)::int AS credits, sum(latency_ms)::int AS latency
       FROM usage_events WHERE user_id = $1 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      [userId],
    );
    const rollup = await getPool().query(
      `SELECT key_id, day::text AS day, operation, tag, calls, errors, items::int, credits::int, latency_ms_sum::int AS latency
       FROM usage_daily WHERE user_id = $1 ORDER BY 1, 2, 3`,
      [userId],
    );
    expect(rollup.rows).toEqual(fromEvents.rows);
    expect(rollup.rows.find((r) => r.operation === 'searchTweets' && r.key_id === keyId)).toMatchObject({ calls: 3, errors: 1, items: 7, credits: 105, latency: 64 });
  });
});

describe('checkLedger', () => {
  it('notices a balance or a key counter that drifted from the records', async () => {
    const { userId, keyId } = await newAccount(1_000);
    await getPool().query('UPDATE credit_balances SET balance = balance + 1 WHERE user_id = $1', [userId]);
    expect(await checkLedger(userId)).toMatchObject({ balance: 1_001, grants: 1_000, ok: false, keysOk: true });
    await getPool().query('UPDATE credit_balances SET balance = balance - 1 WHERE user_id = $1', [userId]);
    await getPool().query('UPDATE api_keys SET credits_spent = 5 WHERE id = $1', [keyId]);
    expect(await checkLedger(userId)).toMatchObject({ ok: false, keysOk: false });
  });
});

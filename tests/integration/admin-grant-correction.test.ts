import { describe, expect, it } from 'vitest';
import { checkLedger } from '@/lib/credits/check-ledger';
import { getBalance } from '@/lib/credits';
import { adminGrant } from '@/lib/dashboard/admin-grant';
import { getPool } from '@/lib/db/pool';
import { createTestUser } from '../support/account-fixtures';
import { recordCall } from '../support/usage-fixtures';

// Issue 27, item 7: an admin could not correct a wrong grant. A negative amount takes credits
// back, ledgered as a negative grant with its reason; never more than the balance at hand.

async function grants(userId: string) {
  const { rows } = await getPool().query<{ amount: string; reason: string }>('SELECT amount::text, reason FROM credit_grants WHERE user_id = $1 ORDER BY id', [userId]);
  return rows.map((r) => [Number(r.amount), r.reason]);
}

describe('an admin correction', () => {
  it('takes credits back with a reason, ledgered, the ledger still balanced', async () => {
    const userId = await createTestUser('correct');
    const email = `${userId}@example.test`;
    expect(await adminGrant({ email, amount: '10000', reason: 'typo: meant 1,000' })).toMatchObject({ ok: true, amount: 10_000, balance: 10_000 });
    await recordCall(userId, null, { operation: 'getUser', tag: 'Users', credits: 18 });
    expect(await adminGrant({ email, amount: '-9000', reason: 'correct the typo grant' })).toEqual({ ok: true, email, amount: -9_000, balance: 982 });
    expect(await getBalance(userId)).toBe(982);
    expect(await grants(userId)).toEqual([
      [10_000, 'typo: meant 1,000'],
      [-9_000, 'correct the typo grant'],
    ]);
    expect(await checkLedger(userId)).toMatchObject({ ok: true, grants: 1_000, usage: 18, balance: 982 });
  });

  it('is refused beyond the balance at hand, and changes nothing', async () => {
    const userId = await createTestUser('correct-over');
    const email = `${userId}@example.test`;
    await adminGrant({ email, amount: 500, reason: 'start' });
    const refused = await adminGrant({ email, amount: '-501', reason: 'too much' });
    expect(refused).toEqual({ ok: false, errors: { amount: 'The account has 500 credits at hand: a correction can take back at most that' } });
    expect(await getBalance(userId)).toBe(500);
    expect(await grants(userId)).toEqual([[500, 'start']]);
    expect((await checkLedger(userId)).ok).toBe(true);
  });

  it('needs a non-zero whole number and a reason', async () => {
    const userId = await createTestUser('correct-form');
    const email = `${userId}@example.test`;
    expect(await adminGrant({ email, amount: '0', reason: 'x' })).toMatchObject({ ok: false, errors: { amount: expect.stringContaining('at least 1') } });
    expect(await adminGrant({ email, amount: '-1.5', reason: 'x' })).toMatchObject({ ok: false, errors: { amount: expect.stringContaining('whole number') } });
    expect(await adminGrant({ email, amount: '-5', reason: ' ' })).toMatchObject({ ok: false, errors: { reason: expect.any(String) } });
  });
});

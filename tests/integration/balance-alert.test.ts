import { describe, expect, it } from 'vitest';
import { DEFAULT_LOW_BALANCE_THRESHOLD, getBalanceStatus, setBalanceThreshold } from '@/lib/alerts/balance-alert';
import { grantCredits } from '@/lib/credits';
import { createTestUser } from '../support/account-fixtures';

describe('low-balance alert', () => {
  it('uses the default threshold until the account chooses one', async () => {
    const userId = await createTestUser('alert');
    expect(await getBalanceStatus(userId)).toEqual({ balance: 0, threshold: DEFAULT_LOW_BALANCE_THRESHOLD, low: true });
    await grantCredits(userId, DEFAULT_LOW_BALANCE_THRESHOLD, 'test');
    expect((await getBalanceStatus(userId)).low).toBe(false);
  });

  it('is low strictly below the threshold, and never when the threshold is 0', async () => {
    const userId = await createTestUser('alert');
    await grantCredits(userId, 500, 'test');
    expect(await setBalanceThreshold(userId, '500')).toEqual({ ok: true, status: { balance: 500, threshold: 500, low: false } });
    expect(await setBalanceThreshold(userId, '5,000')).toEqual({ ok: true, status: { balance: 500, threshold: 5000, low: true } });
    expect(await setBalanceThreshold(userId, 0)).toEqual({ ok: true, status: { balance: 500, threshold: 0, low: false } });
  });

  it('refuses what is not a whole number of credits and keeps the old threshold', async () => {
    const userId = await createTestUser('alert');
    await setBalanceThreshold(userId, '250');
    for (const bad of ['', 'abc', '-1', '1.5', null, {}, '99999999999']) {
      expect((await setBalanceThreshold(userId, bad)).ok).toBe(false);
    }
    expect((await getBalanceStatus(userId)).threshold).toBe(250);
  });
});

import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setBudgetClock } from '@/lib/budgets/budget-clock';
import { setKeyBudgets } from '@/lib/budgets/key-budgets';
import { getWorkspaceBudgets, setWorkspaceBudgets } from '@/lib/budgets/workspace-budgets';
import { checkLedger } from '@/lib/credits';
import { createKeyForUser } from '@/lib/dashboard/create-key';
import { listKeys } from '@/lib/dashboard/list-keys';
import { updateKey } from '@/lib/dashboard/update-key';
import { getPool } from '@/lib/db/pool';
import { issueKey } from '@/lib/keys';
import { flushMetering, Meter } from '@/lib/metering/meter';
import { readMeteringConfig } from '@/lib/metering/metering-config';
import { callApi, createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { PRICE } from '../support/api-charges';
import { expectError, expectSuccess } from '../support/api-records';
import { userWithMost } from '../support/api-subjects';

// Issue 28: daily and monthly budgets per key and per workspace, in the workspace's time zone.
// The budget clock is injected (setBudgetClock): the tests move it past midnight, never wait.

let username: string;

beforeAll(async () => {
  username = await userWithMost.tweets();
});

afterEach(() => setBudgetClock(null));

afterAll(async () => {
  await expectLedgersBalanced();
});

const profile = (account: ApiAccount) => account.call('GET', `/v2/users/${username}`);

async function setWorkspace(workspaceId: string, settings: { dailyBudget?: number | null; monthlyBudget?: number | null; timeZone?: string }): Promise<void> {
  await setWorkspaceBudgets(workspaceId, { dailyBudget: settings.dailyBudget ?? null, monthlyBudget: settings.monthlyBudget ?? null, timeZone: settings.timeZone ?? 'UTC', alertPercents: [80, 100] });
}

describe("a key's daily budget", () => {
  it('refuses with 402 key_budget_reached and resets_at at the next UTC midnight, then serves again after it', async () => {
    const account = await createApiAccount({ label: 'budget-day' });
    await setKeyBudgets(account.userId, account.keyId, { dailyBudget: 2 * PRICE.profile });
    setBudgetClock(new Date('2026-03-10T15:00:00Z'));
    expectSuccess(await profile(account));
    expectSuccess(await profile(account));
    const refused = await profile(account);
    expectError(refused, 402, 'key_budget_reached');
    expect(refused.body.error.details).toEqual({ period: 'day', budget: 2 * PRICE.profile, spent: 2 * PRICE.profile, resets_at: '2026-03-11T00:00:00.000Z' });
    expect(refused.body.error.message).toContain(`this key's daily budget of ${2 * PRICE.profile} credits is reached`);
    setBudgetClock(new Date('2026-03-10T23:59:59Z'));
    expectError(await profile(account), 402, 'key_budget_reached');
    setBudgetClock(new Date('2026-03-11T00:00:00Z'));
    expectSuccess(await profile(account));
  });

  it("follows the workspace's time zone: America/New_York resets at 05:00 UTC in winter, not at UTC midnight", async () => {
    const account = await createApiAccount({ label: 'budget-new-york' });
    await setWorkspace(account.userId, { timeZone: 'America/New_York' });
    await setKeyBudgets(account.userId, account.keyId, { dailyBudget: PRICE.profile });
    setBudgetClock(new Date('2026-01-14T23:30:00Z')); // 18:30 in New York
    expectSuccess(await profile(account));
    setBudgetClock(new Date('2026-01-15T00:30:00Z')); // a new day in UTC, still the 14th in New York
    const refused = await profile(account);
    expectError(refused, 402, 'key_budget_reached');
    expect(refused.body.error.details.resets_at).toBe('2026-01-15T05:00:00.000Z');
    setBudgetClock(new Date('2026-01-15T05:00:00Z')); // midnight in New York
    expectSuccess(await profile(account));
    // Summer time: midnight in New York is 04:00 UTC.
    setBudgetClock(new Date('2026-07-01T12:00:00Z'));
    expectSuccess(await profile(account));
    const summer = await profile(account);
    expectError(summer, 402, 'key_budget_reached');
    expect(summer.body.error.details.resets_at).toBe('2026-07-02T04:00:00.000Z');
  });
});

describe('monthly budgets', () => {
  it("a key's monthly budget refuses until the first of the next month", async () => {
    const account = await createApiAccount({ label: 'budget-month' });
    await setKeyBudgets(account.userId, account.keyId, { monthlyBudget: 3 * PRICE.profile });
    setBudgetClock(new Date('2026-01-05T10:00:00Z'));
    expectSuccess(await profile(account));
    setBudgetClock(new Date('2026-01-20T10:00:00Z'));
    expectSuccess(await profile(account));
    setBudgetClock(new Date('2026-01-31T23:00:00Z'));
    expectSuccess(await profile(account));
    const refused = await profile(account);
    expectError(refused, 402, 'key_budget_reached');
    expect(refused.body.error.details).toEqual({ period: 'month', budget: 3 * PRICE.profile, spent: 3 * PRICE.profile, resets_at: '2026-02-01T00:00:00.000Z' });
    setBudgetClock(new Date('2026-02-01T00:00:00Z'));
    expectSuccess(await profile(account));
  });

  it("the workspace's monthly budget in Asia/Tokyo ends at 15:00 UTC on the month's last day", async () => {
    const account = await createApiAccount({ label: 'budget-ws-month' });
    await setWorkspace(account.userId, { monthlyBudget: PRICE.profile, timeZone: 'Asia/Tokyo' });
    setBudgetClock(new Date('2026-04-30T14:00:00Z'));
    expectSuccess(await profile(account));
    const refused = await profile(account);
    expectError(refused, 402, 'workspace_budget_reached');
    expect(refused.body.error.details).toEqual({ period: 'month', budget: PRICE.profile, spent: PRICE.profile, resets_at: '2026-04-30T15:00:00.000Z' });
    setBudgetClock(new Date('2026-04-30T15:00:00Z'));
    expectSuccess(await profile(account));
  });
});

describe("the workspace's daily budget", () => {
  it('counts every key of the workspace together', async () => {
    const account = await createApiAccount({ label: 'budget-ws-day' });
    const second = await issueKey({ userId: account.userId, name: 'second key', scopes: ['read'], rateLimit: 100_000 });
    const callSecond = () => callApi('GET', `/v2/users/${username}`, { key: second.key });
    await setWorkspace(account.userId, { dailyBudget: 3 * PRICE.profile });
    setBudgetClock(new Date('2026-05-02T08:00:00Z'));
    expectSuccess(await profile(account));
    expectSuccess(await callSecond());
    expectSuccess(await profile(account));
    const refused = await callSecond();
    expectError(refused, 402, 'workspace_budget_reached');
    expect(refused.body.error.details).toEqual({ period: 'day', budget: 3 * PRICE.profile, spent: 3 * PRICE.profile, resets_at: '2026-05-03T00:00:00.000Z' });
    expect(refused.body.error.message).toContain("this workspace's daily budget");
    await flushMetering();
    const budgets = await getWorkspaceBudgets(account.userId);
    expect(budgets?.day).toEqual({ budget: 3 * PRICE.profile, spent: 3 * PRICE.profile, resetsAt: '2026-05-03T00:00:00.000Z' });
    setBudgetClock(new Date('2026-05-03T00:00:01Z'));
    expectSuccess(await callSecond());
  });
});

describe('exact under concurrency', () => {
  it("200 parallel calls on a key's daily budget for 37 calls: exactly 37 are charged", async () => {
    const account = await createApiAccount({ label: 'budget-burst' });
    const cap = 37 * PRICE.profile;
    await setKeyBudgets(account.userId, account.keyId, { dailyBudget: cap });
    const answers = await Promise.all(Array.from({ length: 200 }, () => profile(account)));
    const served = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 402);
    expect({ served: served.length, refused: refused.length }).toEqual({ served: 37, refused: 163 });
    for (const answer of refused) expect(answer.body.error.code).toBe('key_budget_reached');
    await flushMetering();
    const ledger = await checkLedger(account.userId);
    expect(ledger).toMatchObject({ usage: cap, ok: true });
  });

  it("200 parallel calls over two keys on the workspace's daily budget for 45 calls: exactly 45 are charged", async () => {
    const account = await createApiAccount({ label: 'budget-ws-burst' });
    const second = await issueKey({ userId: account.userId, name: 'second key', scopes: ['read'], rateLimit: 100_000 });
    const cap = 45 * PRICE.profile;
    await setWorkspace(account.userId, { dailyBudget: cap });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? profile(account) : callApi('GET', `/v2/users/${username}`, { key: second.key }))),
    );
    expect(answers.filter((a) => a.status === 200).length).toBe(45);
    expect(answers.filter((a) => a.status === 402).every((a) => a.body.error.code === 'workspace_budget_reached')).toBe(true);
    await flushMetering();
    const ledger = await checkLedger(account.userId);
    expect(ledger).toMatchObject({ usage: cap, ok: true });
    const { rows } = await getPool().query<{ day_spent: string }>('SELECT day_spent FROM credit_balances WHERE user_id = $1', [account.userId]);
    expect(Number(rows[0].day_spent)).toBe(cap);
  });
});

describe('settings and what GET /v2/account shows', () => {
  it('a key created with budgets has them at once; the keys list shows budget, spend this period and resets_at', async () => {
    const account = await createApiAccount({ label: 'budget-create' });
    const created = await createKeyForUser(account.userId, { name: 'capped', scopes: ['read'], dailyBudget: '36', monthlyBudget: '' });
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    expect(await createKeyForUser(account.userId, { name: 'bad', scopes: ['read'], monthlyBudget: '-3' })).toMatchObject({ ok: false, errors: { monthlyBudget: expect.any(String) } });
    setBudgetClock(new Date('2026-08-31T22:00:00Z'));
    for (let i = 0; i < 2; i++) expectSuccess(await callApi('GET', `/v2/users/${username}`, { key: created.key.key }));
    expectError(await callApi('GET', `/v2/users/${username}`, { key: created.key.key }), 402, 'key_budget_reached');
    await flushMetering();
    const listed = (await listKeys(account.userId)).find((key) => key.id === created.key.id);
    expect(listed?.budgets).toEqual({
      day: { budget: 36, spent: 36, resetsAt: '2026-09-01T00:00:00.000Z' },
      month: { budget: null, spent: 36, resetsAt: '2026-09-01T00:00:00.000Z' },
    });
  });

  it("updateKey sets a key's budgets; /v2/account shows both scopes' budget, spend this period and resets_at", async () => {
    const account = await createApiAccount({ label: 'budget-account' });
    await setWorkspace(account.userId, { dailyBudget: 1_000, timeZone: 'America/New_York' });
    const updated = await updateKey(account.userId, account.keyId, { dailyBudget: '500', monthlyBudget: 2_000 });
    expect(updated).toMatchObject({ ok: true, key: { dailyBudget: 500, monthlyBudget: 2_000 } });
    expect(await updateKey(account.userId, account.keyId, { dailyBudget: '1.5' })).toMatchObject({ ok: false, errors: { dailyBudget: expect.any(String) } });
    setBudgetClock(new Date('2026-01-14T23:30:00Z'));
    expectSuccess(await profile(account));
    const answer = await account.call('GET', '/v2/account');
    expectSuccess(answer);
    const spent = PRICE.profile;
    expect(answer.body.data.budgets).toEqual({
      time_zone: 'America/New_York',
      workspace: { day: { budget: 1_000, spent, resets_at: '2026-01-15T05:00:00.000Z' }, month: { budget: null, spent, resets_at: '2026-02-01T05:00:00.000Z' } },
      key: { day: { budget: 500, spent, resets_at: '2026-01-15T05:00:00.000Z' }, month: { budget: 2_000, spent, resets_at: '2026-02-01T05:00:00.000Z' } },
    });
    // The next day in New York: the day's spend starts again, the month's stays. (The call is
    // written first: a charge counts in the period in which it is written.)
    await flushMetering();
    setBudgetClock(new Date('2026-01-15T05:00:00Z'));
    expect((await updateKey(account.userId, account.keyId, { dailyBudget: '' })).ok).toBe(true);
    const later = await account.call('GET', '/v2/account');
    expect(later.body.data.budgets.key).toEqual({
      day: { budget: null, spent: 0, resets_at: '2026-01-16T05:00:00.000Z' },
      month: { budget: 2_000, spent, resets_at: '2026-02-01T05:00:00.000Z' },
    });
  });
});

describe('two instances with credit leases', () => {
  // Two meters (as two servers would run), each serving calls from its own lease of the key.
  async function spend(meter: Meter, account: ApiAccount, keyId: string): Promise<string> {
    const reserved = await meter.reserve({ userId: account.userId, keyId, requestId: `req_${crypto.randomBytes(8).toString('hex')}`, amount: PRICE.profile });
    if (!reserved.ok) return reserved.reason;
    await reserved.ticket.settle(PRICE.profile, { operation: 'getUser', tag: 'Users', status: 200, items: 1, latencyMs: 1, source: 'api' });
    return 'ok';
  }

  it("300 concurrent calls over both on a key's daily budget for 120 and a workspace's for 150: the leases never pass either", async () => {
    const config = readMeteringConfig();
    const a = new Meter(config, `budget-a-${crypto.randomBytes(3).toString('hex')}`);
    const b = new Meter(config, `budget-b-${crypto.randomBytes(3).toString('hex')}`);
    try {
      const account = await createApiAccount({ label: 'budget-leases' });
      const second = await issueKey({ userId: account.userId, name: 'second key', scopes: ['read'], rateLimit: 100_000 });
      await setKeyBudgets(account.userId, account.keyId, { dailyBudget: 120 * PRICE.profile });
      await setWorkspace(account.userId, { dailyBudget: 150 * PRICE.profile });
      const first = await Promise.all(Array.from({ length: 300 }, (_, i) => spend(i % 2 ? a : b, account, account.keyId)));
      expect(first.filter((r) => r === 'ok')).toHaveLength(120);
      expect(new Set(first.filter((r) => r !== 'ok'))).toEqual(new Set(['key_budget_reached']));
      const second300 = await Promise.all(Array.from({ length: 300 }, (_, i) => spend(i % 2 ? a : b, account, second.id)));
      expect(second300.filter((r) => r === 'ok')).toHaveLength(30);
      expect(new Set(second300.filter((r) => r !== 'ok'))).toEqual(new Set(['workspace_budget_reached']));
      await Promise.all([a.flush(), b.flush()]);
      expect(await checkLedger(account.userId)).toMatchObject({ ok: true, keysOk: true, holds: 0, usage: 150 * PRICE.profile });
      const { rows } = await getPool().query<{ day_spent: string }>('SELECT day_spent FROM credit_balances WHERE user_id = $1', [account.userId]);
      expect(Number(rows[0].day_spent)).toBe(150 * PRICE.profile);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});

import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkBudgetAlerts } from '@/lib/budgets/budget-alerts';
import { setBudgetClock } from '@/lib/budgets/budget-clock';
import { setKeyBudgets } from '@/lib/budgets/key-budgets';
import { resumeAfterBudgetReset } from '@/lib/budgets/resume-after-reset';
import { setWorkspaceBudgets } from '@/lib/budgets/workspace-budgets';
import { getPool } from '@/lib/db/pool';
import { startRealtime, type Realtime } from '@/lib/delivery/start-realtime';
import { flushMetering } from '@/lib/metering/meter';
import { createTestUser, waitFor } from '../support/account-fixtures';
import { createApiAccount, type ApiAccount } from '../support/api-client';
import { setUpWriter } from '../support/api-writer';
import { mailsTo } from '../support/outbox';
import { startWebhookReceiver } from '../support/webhook-receiver';

// Budget alerts (issue 28): when a budget's spend in its period reaches one of the workspace's
// alert percentages, one signed budget.threshold webhook event and one mail to each owner and
// billing member, once per budget, period and percentage. The budget clock is injected.

// The watcher's own passes stay out of the way: the tests run checkBudgetAlerts themselves.
process.env.PERCH_BUDGET_CHECK_MS = '3600000';

const TRENDING_PRICE = 100;
let realtime: Realtime;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  realtime = await startRealtime();
});

afterEach(() => setBudgetClock(null));

afterAll(async () => {
  await realtime?.stop();
  await receiver?.down();
});

async function spend(account: ApiAccount, calls: number): Promise<void> {
  for (let i = 0; i < calls; i++) expect((await account.call('GET', '/v2/trending')).status).toBe(200);
  await flushMetering();
}

async function emailOf(userId: string): Promise<string> {
  const { rows } = await getPool().query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
  return rows[0].email;
}

async function addMember(workspaceId: string, role: string): Promise<string> {
  const userId = await createTestUser(role);
  await getPool().query('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [workspaceId, userId, role]);
  return emailOf(userId);
}

// The receiver types rule.match bodies: budget.threshold carries `data` beside them.
type BudgetEventData = { scope: string; key_id: string | null; budget: number; resets_at: string };
const dataOf = (received: { body: unknown }) => (received.body as { data: BudgetEventData }).data;

const budgetMails = async (address: string) => (await mailsTo(address)).filter((mail) => mail.subject.includes('budget'));

async function endpointFor(account: ApiAccount): Promise<string> {
  const endpoint = await account.call('POST', '/v2/webhooks', { body: { url: receiver.url } });
  expect(endpoint.status).toBe(200);
  receiver.addSecret(endpoint.body.data.secret);
  return endpoint.body.data.id;
}

describe('budget.threshold alerts', () => {
  it("a key's daily budget: once per percentage per day, by signed webhook and by mail to owners and billing", async () => {
    const account = await createApiAccount({ label: 'alert-key', credits: 100_000 });
    const owner = await emailOf(account.userId);
    const billing = await addMember(account.userId, 'billing');
    const viewer = await addMember(account.userId, 'viewer');
    await endpointFor(account);
    await setWorkspaceBudgets(account.userId, { dailyBudget: null, monthlyBudget: null, timeZone: 'UTC', alertPercents: [50, 100] });
    await setKeyBudgets(account.userId, account.keyId, { dailyBudget: 5 * TRENDING_PRICE });
    const events = () => receiver.received.filter((r) => r.body.event === 'budget.threshold' && dataOf(r).key_id === account.keyId);
    setBudgetClock(new Date('2026-06-10T12:00:00Z'));

    await spend(account, 2); // 40 %
    expect(await checkBudgetAlerts()).toEqual([]);

    await spend(account, 1); // 60 %: past 50
    const first = await checkBudgetAlerts();
    expect(first.map((a) => [a.scope, a.period, a.percent, a.spent])).toEqual([['key', 'day', 50, 300]]);
    await waitFor(() => events().length === 1, 15_000);
    expect(events()[0].body).toMatchObject({
      event: 'budget.threshold',
      match: null,
      tweet: null,
      data: { scope: 'key', key_id: account.keyId, period: 'day', percent: 50, budget: 500, spent: 300, resets_at: '2026-06-11T00:00:00.000Z' },
    });
    expect(receiver.rejected).toEqual([]);
    expect((await budgetMails(owner)).map((m) => m.subject)).toEqual(['Perch: key "api test key" used 50% of its daily budget']);
    expect(await budgetMails(billing)).toHaveLength(1);
    expect(await budgetMails(viewer)).toEqual([]);

    expect(await checkBudgetAlerts()).toEqual([]);
    await spend(account, 2); // 100 %
    expect((await checkBudgetAlerts()).map((a) => a.percent)).toEqual([100]);
    expect((await account.call('GET', '/v2/trending')).status).toBe(402);
    expect(await checkBudgetAlerts()).toEqual([]);
    await waitFor(() => events().length === 2, 15_000);

    // The next day starts at 0: the 50 % alert is sent again.
    setBudgetClock(new Date('2026-06-11T00:00:00Z'));
    await spend(account, 3);
    expect((await checkBudgetAlerts()).map((a) => [a.period, a.percent, a.spent])).toEqual([['day', 50, 300]]);
    await waitFor(() => events().length === 3, 15_000);
    expect(dataOf(events()[2]).resets_at).toBe('2026-06-12T00:00:00.000Z');
    expect(await budgetMails(owner)).toHaveLength(3);
    expect(await budgetMails(viewer)).toEqual([]);
  });

  it("the workspace's monthly budget: scope workspace, claimed by one checker when several run at once", async () => {
    const account = await createApiAccount({ label: 'alert-ws', credits: 100_000 });
    const owner = await emailOf(account.userId);
    await endpointFor(account);
    await setWorkspaceBudgets(account.userId, { dailyBudget: null, monthlyBudget: 10 * TRENDING_PRICE, timeZone: 'Europe/Berlin', alertPercents: [80] });
    setBudgetClock(new Date('2026-02-14T09:00:00Z'));
    await spend(account, 8);
    const results = await Promise.all(Array.from({ length: 4 }, () => checkBudgetAlerts()));
    const mine = results.flat().filter((a) => a.workspaceId === account.userId);
    expect(mine.map((a) => [a.scope, a.keyId, a.period, a.percent, a.spent, a.resetsAt.toISOString()])).toEqual([['workspace', null, 'month', 80, 800, '2026-02-28T23:00:00.000Z']]);
    await waitFor(() => receiver.received.some((r) => r.body.event === 'budget.threshold' && dataOf(r).scope === 'workspace' && dataOf(r).budget === 1_000), 15_000);
    expect(await budgetMails(owner)).toHaveLength(1);
    expect((await budgetMails(owner))[0].text).toContain('has spent 800 of its monthly budget of 1,000 credits');
  });
});

describe('rule matches and budgets', () => {
  it('a delivery refused for a budget waits, the rule stays active, and the next day it is sent and charged', async () => {
    const MATCH_PRICE = 15;
    const writer = await setUpWriter('budget-matches');
    const account = await createApiAccount({ label: 'budget-rules', credits: 100_000 });
    const endpointId = await endpointFor(account);
    const tag = `budget${crypto.randomBytes(4).toString('hex')}`;
    const rule = await account.call('POST', '/v2/rules', { body: { tag: 'budget', query: tag } });
    expect(rule.status).toBe(200);
    await setKeyBudgets(account.userId, account.keyId, { dailyBudget: MATCH_PRICE });
    setBudgetClock(new Date('2026-06-20T10:00:00Z'));
    const statuses = async () =>
      (await getPool().query<{ status: string }>('SELECT status FROM realtime_deliveries WHERE endpoint_id = $1::bigint ORDER BY status', [endpointId])).rows.map((r) => r.status);
    for (let i = 0; i < 2; i++) expect((await writer.account.call('POST', '/v2/tweets/create', { body: { text: `${tag} ${i}` } })).status).toBe(200);
    await waitFor(async () => JSON.stringify(await statuses()) === JSON.stringify(['awaiting_credits', 'delivered']), 20_000);
    expect((await account.call('GET', `/v2/rules/${rule.body.data.id}`)).body.data.status).toBe('active');
    expect(await resumeAfterBudgetReset(MATCH_PRICE)).toBe(0);

    setBudgetClock(new Date('2026-06-21T00:00:00Z'));
    expect(await resumeAfterBudgetReset(MATCH_PRICE)).toBe(1);
    await waitFor(async () => JSON.stringify(await statuses()) === JSON.stringify(['delivered', 'delivered']), 20_000);
    const { rows } = await getPool().query<{ spent: string; day_spent: string }>('SELECT credits_spent::text AS spent, day_spent::text FROM api_keys WHERE id = $1', [account.keyId]);
    expect(rows[0]).toEqual({ spent: String(2 * MATCH_PRICE), day_spent: String(MATCH_PRICE) });
  });
});

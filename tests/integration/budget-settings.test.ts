import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@/lib/admin/create-account';
import { getPool } from '@/lib/db/pool';
import { startServer, type RunningServer } from '../support/api-server';
import { browser, signInOverHttp, type Browser } from '../support/dashboard-http';

// The workspace budgets route (issue 28) over real HTTP: billing.view reads, billing.manage
// (owners and billing members) changes, each change is audited with before and after.

const PASSWORD = 'budget settings password long';
const run = crypto.randomBytes(4).toString('hex');
let counter = 0;
let server: RunningServer;
let team: { id: string; slug: string };
const people: Record<string, Browser> = {};

beforeAll(async () => {
  server = await startServer(process.env.DATABASE_URL!, { ADMIN_EMAILS: '' });
  const suffix = crypto.randomBytes(4).toString('hex');
  team = { id: `ws_budgets_${suffix}`, slug: `budgets-team-${suffix}` };
  const accounts: Record<string, { id: string; email: string }> = {};
  for (const role of ['owner', 'billing', 'admin', 'viewer', 'outsider']) {
    accounts[role] = await createAccount({ email: `${role}-${run}-${counter++}@budgets.test`, password: PASSWORD, credits: 0 });
  }
  await getPool().query('INSERT INTO workspaces (id, slug, name, created_by) VALUES ($1, $2, $3, $4)', [team.id, team.slug, 'Budgets Team', accounts.owner.id]);
  for (const role of ['owner', 'billing', 'admin', 'viewer']) {
    await getPool().query('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [team.id, accounts[role].id, role]);
  }
  for (const [role, account] of Object.entries(accounts)) {
    people[role] = browser(server.url);
    expect((await signInOverHttp(people[role], account.email, PASSWORD)).ok).toBe(true);
  }
}, 10 * 60_000);

afterAll(async () => {
  await server?.stop();
});

const route = () => `/api/dashboard/billing/budgets?workspace=${team.slug}`;
const put = (who: string, body: unknown) => people[who].fetch(route(), { method: 'PUT', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify(body) });

describe('/api/dashboard/billing/budgets', () => {
  it('reads for billing.view: none set, UTC, alerts at 80 and 100', async () => {
    const answer = await people.viewer.json(route());
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ timeZone: 'UTC', alertPercents: [80, 100], day: { budget: null, spent: 0 }, month: { budget: null, spent: 0 } });
    expect((await people.outsider.json(route())).status).toBe(404);
  });

  it('changes for owners and billing members only, audited as budget.changed with before and after', async () => {
    const settings = { dailyBudget: 5_000, monthlyBudget: '100,000', timeZone: 'America/New_York', alertPercents: [100, 50, 50] };
    expect((await put('viewer', settings)).status).toBe(403);
    expect((await put('admin', settings)).status).toBe(403);
    const answer = await put('billing', settings);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ timeZone: 'America/New_York', alertPercents: [50, 100], day: { budget: 5_000, spent: 0 }, month: { budget: 100_000, spent: 0 } });
    const { rows } = await getPool().query('SELECT action, before, after FROM audit_events WHERE workspace_id = $1 AND action = $2', [team.id, 'budget.changed']);
    expect(rows).toEqual([
      {
        action: 'budget.changed',
        before: { dailyBudget: null, monthlyBudget: null, timeZone: 'UTC', alertPercents: [80, 100] },
        after: { dailyBudget: 5_000, monthlyBudget: 100_000, timeZone: 'America/New_York', alertPercents: [50, 100] },
      },
    ]);
    expect((await put('owner', { ...settings, dailyBudget: '' })).status).toBe(200);
    expect((await people.viewer.json(route())).body).toMatchObject({ day: { budget: null }, month: { budget: 100_000 } });
  });

  it('refuses an unknown time zone, a percentage out of range and a budget that is not a whole number, by field', async () => {
    const base = { dailyBudget: null, monthlyBudget: null, timeZone: 'UTC', alertPercents: [80] };
    for (const [field, body] of [
      ['timeZone', { ...base, timeZone: 'Mars/Olympus_Mons' }],
      ['alertPercents', { ...base, alertPercents: [0, 80] }],
      ['dailyBudget', { ...base, dailyBudget: '12.5' }],
    ] as const) {
      const answer = await put('owner', body);
      expect(answer.status).toBe(400);
      expect(Object.keys(((await answer.json()) as { errors: Record<string, string> }).errors)).toEqual([field]);
    }
  });
});

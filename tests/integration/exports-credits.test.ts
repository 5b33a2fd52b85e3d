import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startExportRunner, type ExportRunner } from '@/lib/api/exports/export-jobs';
import { setBudgetClock } from '@/lib/budgets/budget-clock';
import { setKeyBudgets } from '@/lib/budgets/key-budgets';
import { setWorkspaceBudgets } from '@/lib/budgets/workspace-budgets';
import { grantCredits } from '@/lib/credits';
import { getPool } from '@/lib/db/pool';
import { localExportStorage } from '@/lib/exports/local-export-storage';
import { getServedPlatforms } from '@/lib/platform/served-platforms';
import { createApiAccount, expectLedgersBalanced, type AccountOptions, type ApiAccount } from '../support/api-client';
import { userWithMost } from '../support/api-subjects';
import { cancelUnfinishedExports, committedFile, exportUsage, insertFollowedUser, jsonlRecords, openHolds, waitForExport, type FollowedUser } from '../support/export-world';

// Credits of an export (issue 29, point 3), with the export runner and its sweeper running in
// this process on the test database: a balance that runs out pauses the export after spending
// it to the last item it pays for, and a grant resumes it by itself; a key's spending limit and
// a workspace budget pause it until they have room; max_items and max_credits end it early.

const FOLLOWERS = 5_000;
const ENV = { PERCH_EXPORT_LEASE_MS: '2000', PERCH_EXPORT_SWEEP_MS: '200', PERCH_EXPORT_SLICE_MS: '60000' };

let directory: string;
let world: FollowedUser;
let runner: ExportRunner;
const saved: Record<string, string | undefined> = {};
const accounts: string[] = [];

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-exports-credits-'));
  world = await insertFollowedUser(FOLLOWERS);
  for (const [name, value] of Object.entries(ENV)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  runner = await startExportRunner(getServedPlatforms(), localExportStorage(directory));
});

afterEach(() => setBudgetClock(null));

afterAll(async () => {
  await cancelUnfinishedExports(accounts);
  await runner?.stop();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await world?.remove();
  await expectLedgersBalanced();
  fs.rmSync(directory, { recursive: true, force: true });
});

async function account(label: string, options: AccountOptions): Promise<ApiAccount> {
  const made = await createApiAccount({ label, ...options });
  accounts.push(made.userId);
  return made;
}

async function createExport(owner: ApiAccount, body: Record<string, unknown>): Promise<string> {
  const created = await owner.call('POST', '/v2/exports', { body: { format: 'jsonl', ...body } });
  expect(created.status, created.text).toBe(200);
  return created.body.data.id;
}

async function getExport(owner: ApiAccount, id: string) {
  const answer = await owner.call('GET', `/v2/exports/${id}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data;
}

/** Every item of an operation, paged through /v2 by hand. */
async function pageByHand(owner: ApiAccount, url: string, count: number): Promise<unknown[]> {
  const items: unknown[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const answer = await owner.call('GET', url, { query: { count, ...(cursor ? { cursor } : {}) } });
    expect(answer.status, answer.text).toBe(200);
    items.push(...answer.body.data);
    cursor = answer.body.meta.next_cursor;
    if (!cursor) return items;
  }
  throw new Error('more than 1000 pages');
}

const followers = () => ({ operation: 'getUserFollowers', params: { username: world.username } });

/** The export's own usage agrees with its record: every committed page charged once, nothing else. */
async function expectChargedOnce(id: string): Promise<void> {
  const row = await waitForExport(id, () => true);
  expect(await exportUsage(id)).toEqual({ pages: row.pages, items: Number(row.items), credits: Number(row.credits_charged) });
  expect(Number(row.credits_charged)).toBe(Number(row.items) * Number(row.unit_price));
}

describe('a balance that runs out mid-export', () => {
  it('pauses after the last affordable follower, resumes by itself after a grant, and the file equals /v2 paged by hand', async () => {
    const owner = await account('export-balance', { credits: 2_500 });
    const id = await createExport(owner, followers());
    await waitForExport(id, (row) => row.status === 'paused');
    const paused = await getExport(owner, id);
    expect(paused).toMatchObject({ status: 'paused', paused_reason: 'insufficient_credits', resume_at: null, items: 2_500, credits_charged: 2_500 });
    expect(await owner.balance()).toBe(0);
    expect(await openHolds(owner.userId)).toBe(0);
    await expectChargedOnce(id);

    // The sweeper sees the balance pay for an item again.
    await grantCredits(owner.userId, 10_000, 'export top-up');
    const done = await waitForExport(id, (row) => row.status === 'completed');
    expect({ items: Number(done.items), credits: Number(done.credits_charged), stop: done.stop_reason }).toEqual({ items: FOLLOWERS, credits: FOLLOWERS, stop: 'exhausted' });
    expect(await owner.balance()).toBe(12_500 - FOLLOWERS);
    await expectChargedOnce(id);
    const records = jsonlRecords(committedFile(directory, done));
    expect(records).toEqual(await pageByHand(owner, `/v2/users/${world.username}/followers`, 1000));
  });

  it('at 15 credits a tweet, leaves less than one tweet’s price and resumes after a grant', async () => {
    const username = await userWithMost.tweets();
    const owner = await account('export-balance-tweets', { credits: 3 * 15 + 7 });
    const id = await createExport(owner, { operation: 'getUserTweets', params: { username } });
    await waitForExport(id, (row) => row.status === 'paused');
    expect(await getExport(owner, id)).toMatchObject({ status: 'paused', paused_reason: 'insufficient_credits', items: 3, credits_charged: 45, unit_price: 15 });
    expect(await owner.balance()).toBe(7);
    // A grant short of one tweet's price leaves it waiting.
    await grantCredits(owner.userId, 7, 'not enough');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await getExport(owner, id)).status).toBe('paused');
    await grantCredits(owner.userId, 100_000, 'enough');
    const done = await waitForExport(id, (row) => row.status === 'completed');
    await expectChargedOnce(id);
    const records = jsonlRecords(committedFile(directory, done));
    expect(records).toEqual(await pageByHand(owner, `/v2/users/${username}/tweets`, 100));
  });
});

describe("a key's spending limit", () => {
  it('pauses the export at the limit (key_limit_reached); raising the limit resumes it', async () => {
    const owner = await account('export-key-limit', { credits: 1_000_000, creditLimit: 1_500 });
    const id = await createExport(owner, followers());
    await waitForExport(id, (row) => row.status === 'paused');
    expect(await getExport(owner, id)).toMatchObject({ paused_reason: 'key_limit_reached', items: 1_500, credits_charged: 1_500 });
    await getPool().query('UPDATE api_keys SET credit_limit = 100000 WHERE id = $1', [owner.keyId]);
    const done = await waitForExport(id, (row) => row.status === 'completed');
    expect(Number(done.items)).toBe(FOLLOWERS);
    await expectChargedOnce(id);
    expect(jsonlRecords(committedFile(directory, done)).map((record) => (record as { id: string }).id)).toEqual(world.followerIds);
  });
});

describe("a workspace's daily budget", () => {
  it('pauses the export until the budget resets (resume_at), then it goes on', async () => {
    const owner = await account('export-budget', { credits: 1_000_000 });
    // Not a whole number of pages: the last page shrinks to what is left of the budget.
    await setWorkspaceBudgets(owner.userId, { dailyBudget: 2_500, monthlyBudget: null, timeZone: 'UTC', alertPercents: [] });
    setBudgetClock(new Date('2026-03-10T15:00:00Z'));
    const id = await createExport(owner, followers());
    const paused = await waitForExport(id, (row) => row.paused_reason === 'workspace_budget_reached');
    expect({ items: Number(paused.items), resumeAt: paused.resume_at?.toISOString() }).toEqual({ items: 2_500, resumeAt: '2026-03-11T00:00:00.000Z' });
    // Past the reset (on the budget clock), the next day's budget pays for the rest.
    setBudgetClock(new Date('2026-03-11T00:00:01Z'));
    const done = await waitForExport(id, (row) => row.status === 'completed');
    expect(Number(done.items)).toBe(FOLLOWERS);
    await expectChargedOnce(id);
  });
});

describe("a key's monthly budget", () => {
  it('pauses the export (key_budget_reached) until the month ends in the workspace’s time zone', async () => {
    const owner = await account('export-key-budget', { credits: 1_000_000 });
    await setWorkspaceBudgets(owner.userId, { dailyBudget: null, monthlyBudget: null, timeZone: 'America/New_York', alertPercents: [] });
    await setKeyBudgets(owner.userId, owner.keyId, { monthlyBudget: 2_000 });
    setBudgetClock(new Date('2026-01-20T12:00:00Z'));
    const id = await createExport(owner, followers());
    const paused = await waitForExport(id, (row) => row.paused_reason === 'key_budget_reached');
    // Midnight of 1 February in New York.
    expect({ items: Number(paused.items), resumeAt: paused.resume_at?.toISOString() }).toEqual({ items: 2_000, resumeAt: '2026-02-01T05:00:00.000Z' });
    setBudgetClock(new Date('2026-02-01T04:59:00Z'));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(Number((await waitForExport(id, () => true)).items)).toBe(2_000);
    setBudgetClock(new Date('2026-02-01T05:00:00Z'));
    const resumed = await waitForExport(id, (row) => row.paused_reason === 'key_budget_reached' && row.resume_at?.toISOString() === '2026-03-01T05:00:00.000Z');
    expect(Number(resumed.items)).toBe(4_000);
    setBudgetClock(new Date('2026-03-01T05:00:00Z'));
    const done = await waitForExport(id, (row) => row.status === 'completed');
    expect(Number(done.items)).toBe(FOLLOWERS);
    await expectChargedOnce(id);
  });
});

describe('max_items and max_credits', () => {
  it('max_items ends the export as completed with exactly that many items', async () => {
    const owner = await account('export-max-items', {});
    const id = await createExport(owner, { ...followers(), max_items: 2_345 });
    const done = await waitForExport(id, (row) => row.status === 'completed');
    expect({ items: Number(done.items), credits: Number(done.credits_charged), stop: done.stop_reason }).toEqual({ items: 2_345, credits: 2_345, stop: 'max_items' });
    expect(jsonlRecords(committedFile(directory, done)).map((record) => (record as { id: string }).id)).toEqual(world.followerIds.slice(0, 2_345));
    await expectChargedOnce(id);
  });

  it('max_credits ends it with at most that many credits spent', async () => {
    const owner = await account('export-max-credits', {});
    const id = await createExport(owner, { operation: 'getUserTweets', params: { username: await userWithMost.tweets() }, max_credits: 100 });
    const done = await waitForExport(id, (row) => row.status === 'completed');
    // 15 credits a tweet: 6 tweets (90 credits) fit in 100, a 7th would not.
    expect({ items: Number(done.items), credits: Number(done.credits_charged), stop: done.stop_reason }).toEqual({ items: 6, credits: 90, stop: 'max_credits' });
    expect(jsonlRecords(committedFile(directory, done))).toHaveLength(6);
    await expectChargedOnce(id);
  });
});

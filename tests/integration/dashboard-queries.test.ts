import { beforeAll, describe, expect, it } from 'vitest';
import { grantCredits } from '@/lib/credits/grant-credits';
import { getPool } from '@/lib/db/pool';
import { lastDays, utcDay } from '@/lib/dashboard/days';
import { getBilling } from '@/lib/dashboard/get-billing';
import { getOverview } from '@/lib/dashboard/get-overview';
import { getRecentRequests } from '@/lib/dashboard/get-recent-requests';
import { getUsage } from '@/lib/dashboard/get-usage';
import { operationsCsv, usageEventsCsv } from '@/lib/dashboard/usage-csv';
import { issueKey } from '@/lib/keys/issue-key';
import { createTestUser } from '../support/account-fixtures';
import { addPastDay, recordCall } from '../support/usage-fixtures';

const today = utcDay(new Date());
let userId: string;
let keyA: string;
let keyB: string;

beforeAll(async () => {
  userId = await createTestUser('dash');
  await grantCredits(userId, 10_000, 'signup credits');
  keyA = (await issueKey({ userId, name: 'alpha', scopes: ['read'] })).id;
  keyB = (await issueKey({ userId, name: 'beta', scopes: ['read', 'write'] })).id;
  // Today, through the real hold/settle path: 4 getUser calls (one failed), 1 search, 1 dashboard call.
  for (const latencyMs of [10, 20, 30]) await recordCall(userId, keyA, { operation: 'getUser', tag: 'Users', credits: 18, latencyMs });
  await recordCall(userId, keyA, { operation: 'getUser', tag: 'Users', credits: 18, status: 404, latencyMs: 100 });
  await recordCall(userId, keyB, { operation: 'searchTweets', tag: 'Search', credits: 300, items: 20, latencyMs: 40 });
  await recordCall(userId, null, { operation: 'getTrending', tag: 'Analytics', credits: 100, latencyMs: 50 });
  // Earlier days straight into the rollup: 5 days ago (in every window), 20 and 60 days ago.
  await addPastDay(userId, keyA, 5, { operation: 'getUser', tag: 'Users', calls: 2, errors: 1, credits: 36 });
  await addPastDay(userId, keyB, 20, { operation: 'searchTweets', tag: 'Search', calls: 1, credits: 150, items: 10 });
  await addPastDay(userId, keyB, 60, { operation: 'searchTweets', tag: 'Search', calls: 1, credits: 75, items: 5 });
});

describe('getOverview', () => {
  it('adds up credits per window, requests and errors from the rollup', async () => {
    const overview = await getOverview(userId);
    expect(overview.balance).toBe(10_000 - 54 - 300 - 100);
    expect(overview.creditsToday).toBe(454);
    expect(overview.credits7d).toBe(454 + 36);
    expect(overview.credits30d).toBe(454 + 36 + 150);
    expect(overview.requests30d).toBe(6 + 2 + 1);
    expect(overview.errors30d).toBe(2);
    expect(overview.errorRate30d).toBeCloseTo(2 / 9);
    expect(overview.grants).toEqual([{ amount: 10_000, reason: 'signup credits', createdAt: expect.any(String) }]);
  });

  it('charts 30 days by tag, oldest first, biggest tag first, zeros where nothing happened', async () => {
    const { rows, series } = (await getOverview(userId)).creditsByTag;
    expect(rows.map((r) => r.day)).toEqual(lastDays(30));
    expect(series).toEqual(['Search', 'Analytics', 'Users']);
    expect(rows.at(-1)).toEqual({ day: today, Search: 300, Analytics: 100, Users: 54 });
    expect(rows.find((r) => r.day === lastDays(30)[9])).toEqual({ day: lastDays(30)[9], Search: 150, Analytics: 0, Users: 0 });
  });

  it('is all zeros for an account without usage', async () => {
    const overview = await getOverview(await createTestUser('empty'));
    expect(overview).toMatchObject({ balance: 0, creditsToday: 0, credits30d: 0, requests30d: 0, errorRate30d: 0, grants: [] });
    expect(overview.creditsByTag.series).toEqual([]);
  });
});

describe('getUsage', () => {
  it('tables each operation with calls, items, credits, error rate and the p50 latency of its events', async () => {
    const usage = await getUsage(userId, 7);
    expect(usage.operations).toEqual([
      { operation: 'searchTweets', tag: 'Search', calls: 1, items: 20, credits: 300, errors: 0, errorRate: 0, p50LatencyMs: 40 },
      { operation: 'getTrending', tag: 'Analytics', calls: 1, items: 1, credits: 100, errors: 0, errorRate: 0, p50LatencyMs: 50 },
      // 4 events today (10, 20, 30, 100 ms: median 25) plus 2 rollup-only calls 5 days ago.
      { operation: 'getUser', tag: 'Users', calls: 6, items: 5, credits: 90, errors: 2, errorRate: 2 / 6, p50LatencyMs: 25 },
    ]);
  });

  it('widens with the range and charts per operation and per key, the dashboard as a key of its own', async () => {
    const week = await getUsage(userId, 7);
    const quarter = await getUsage(userId, 90);
    expect(week.days).toHaveLength(7);
    expect(quarter.days).toHaveLength(90);
    expect(quarter.operations.find((o) => o.operation === 'searchTweets')).toMatchObject({ calls: 3, credits: 525 });
    expect(week.byOperation.rows.at(-1)).toEqual({ day: today, searchTweets: 300, getTrending: 100, getUser: 54 });
    expect(week.byKey.map((k) => [k.name, k.calls, k.credits])).toEqual([
      ['beta', 1, 300],
      ['Dashboard · Playground', 1, 100],
      ['alpha', 6, 90],
    ]);
    const alpha = week.byKey.find((k) => k.name === 'alpha')!;
    expect(alpha.display).toMatch(/^perch_\w{4}…\w{4}$/);
    expect(alpha.days).toHaveLength(7);
    expect(alpha.days.at(-1)).toEqual({ day: today, credits: 54, calls: 4, mcpCredits: 0 });
    expect(alpha.days.at(-6)).toEqual({ day: lastDays(7).at(-6), credits: 36, calls: 2, mcpCredits: 0 });
  });

  it('never shows another account’s usage', async () => {
    const other = await createTestUser('other');
    expect((await getUsage(other, 90)).operations).toEqual([]);
    expect(await getRecentRequests(other)).toEqual([]);
  });
});

describe('getRecentRequests', () => {
  it('lists the newest calls first with their key names', async () => {
    const recent = await getRecentRequests(userId);
    expect(recent).toHaveLength(6);
    expect(recent[0]).toMatchObject({ operation: 'getTrending', keyName: null, source: 'playground', credits: 100 });
    expect(recent[1]).toMatchObject({ operation: 'searchTweets', keyName: 'beta', status: 200, items: 20, credits: 300, latencyMs: 40 });
    expect(recent.find((r) => r.status === 404)).toMatchObject({ operation: 'getUser', credits: 0, keyName: 'alpha' });
  });
});

describe('CSV exports', () => {
  it('writes the operations table', async () => {
    const csv = operationsCsv((await getUsage(userId, 7)).operations);
    expect(csv.split('\r\n')).toEqual([
      'operation,tag,calls,items,credits,errors,error_rate,p50_latency_ms',
      'searchTweets,Search,1,20,300,0,0,40',
      'getTrending,Analytics,1,1,100,0,0,50',
      'getUser,Users,6,5,90,2,0.3333,25',
      '',
    ]);
  });

  it('streams every raw event of the range, oldest first, in batches', async () => {
    const user = await createTestUser('csv');
    await grantCredits(user, 100_000, 'test');
    const { id: keyId } = await issueKey({ userId: user, name: '=cmd|calc', scopes: ['read'] });
    // More than one batch of 5,000, written straight into the event log.
    await getPool().query(
      `INSERT INTO usage_events (request_id, user_id, key_id, operation, tag, status, items, credits, latency_ms, created_at)
       SELECT 'req_bulk_' || i, $1, $2, 'getTweet', 'Tweets', 200, 1, 15, i % 50, now() - (6000 - i) * interval '1 second'
       FROM generate_series(1, 6000) AS i`,
      [user, keyId],
    );
    const text = await new Response(usageEventsCsv(user, 7)).text();
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('time,request_id,operation,tag,status,items,credits,latency_ms,source,key_id,key_name');
    expect(lines).toHaveLength(6001);
    expect(lines[1]).toContain(',req_bulk_1,getTweet,Tweets,200,1,15,1,api,');
    expect(lines[6000]).toContain(',req_bulk_6000,');
    // A key name that a spreadsheet would run as a formula arrives as text.
    expect(lines[1].endsWith(`,${keyId},'=cmd|calc`)).toBe(true);
  });
});

describe('getBilling', () => {
  it('builds the ledger from grants and daily usage, with the balance after each entry', async () => {
    const billing = await getBilling(userId, 90);
    // The 60-days-ago usage happened before the grant was made (the grant is today), so the
    // running balance dips below zero first: the ledger shows history as recorded.
    expect(billing.totalGranted).toBe(10_000);
    expect(billing.totalUsed).toBe(454 + 36 + 150 + 75);
    expect(billing.ledger.map((e) => [e.kind, e.day, e.amount])).toEqual([
      ['usage', today, -454],
      ['grant', today, 10_000],
      ['usage', lastDays(90).at(-6), -36],
      ['usage', lastDays(90).at(-21), -150],
      ['usage', lastDays(90).at(-61), -75],
    ]);
    expect(billing.ledger[0].balanceAfter).toBe(10_000 - 715);
    expect(billing.balanceByDay).toHaveLength(90);
    expect(billing.balanceByDay.at(-1)).toEqual({ day: today, balance: 10_000 - 715 });
    expect(billing.balanceByDay.at(-2)?.balance).toBe(-261);
    expect(billing.balanceByDay[0].balance).toBe(0);
  });

  it('carries the balance from before the window into it', async () => {
    const user = await createTestUser('old');
    await grantCredits(user, 500, 'first');
    await getPool().query(`UPDATE credit_grants SET created_at = now() - interval '200 days' WHERE user_id = $1`, [user]);
    const billing = await getBilling(user, 30);
    expect(billing.ledger).toEqual([]);
    expect(billing.balanceByDay.every((d) => d.balance === 500)).toBe(true);
    expect(billing.balance).toBe(500);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMarginReport, type MarginReport } from '@/lib/admin/margin-report';
import { parseMarginFilters } from '@/lib/admin/margin-filters';
import type { MarginFigures } from '@/lib/admin/margin-figures';
import { getPool } from '@/lib/db/pool';
import { flushMetering } from '@/lib/metering/meter';
import { setServedPlatforms } from '@/lib/platform/served-platforms';
import { refreshPriceBook } from '@/lib/prices/price-book-sync';
import { setCreditValue, setUpstreamCost } from '@/lib/prices/write-prices';
import { createTestUser } from '../support/account-fixtures';
import { createApiAccount, expectLedgersBalanced, type ApiAccount, type ApiAnswer } from '../support/api-client';
import { expectSuccess } from '../support/api-records';
import { startFakeX, type FakeX } from '../support/fake-x-api';
import { xPlatforms, xWorld } from '../support/x-world';

// Issue 31: the operator's margin against a fake X with configured costs. Calls record their
// platform and what they asked upstream (requests, cache hits, items returned, cost); the margin
// report values credits at the credit value in force on their day and subtracts the upstream
// cost, per day, platform, operation and account. A read the upstream cache answers costs
// nothing upstream.

const BY = 'margin-report test';
// X's prices, in millionths: a user read costs 0.01 a user; a followers page 0.001 a request and 0.01 a user.
const COST = { getUser: { perRequestMicros: 0, perItemMicros: 10_000 }, getUserFollowers: { perRequestMicros: 1_000, perItemMicros: 10_000 } };
// What a credit is worth: 0.001.
const CREDIT = 1_000;

let fake: FakeX;
let alice: ApiAccount;
let bob: ApiAccount;
const charged = { alice: { getUser: 0, getUserFollowers: 0 }, bob: { getUser: 0 } };

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

function report(query: Record<string, string>, top?: number): Promise<MarginReport> {
  return getMarginReport(parseMarginFilters(new URLSearchParams(query)), { top });
}

function charge(answer: ApiAnswer): number {
  expectSuccess(answer);
  return answer.body.meta.credits_charged as number;
}

/** The figures of calls that sold `credits` and cost `cost` upstream, with these upstream counts. */
function figures(f: { calls: number; credits: number; requests: number; cached: number; items: number; cost: number }): MarginFigures {
  const moneyIn = f.credits * CREDIT;
  const margin = moneyIn - f.cost;
  return {
    calls: f.calls,
    credits: f.credits,
    moneyInMicros: moneyIn,
    unvaluedCredits: 0,
    upstreamRequests: f.requests,
    upstreamCached: f.cached,
    upstreamItems: f.items,
    upstreamCostMicros: f.cost,
    cacheHitRate: f.requests === 0 ? null : f.cached / f.requests,
    marginMicros: margin,
    marginPercent: moneyIn === 0 ? null : (margin * 100) / moneyIn,
  };
}

beforeAll(async () => {
  fake = await startFakeX(xWorld());
  // A 30 s upstream cache: the second identical read is answered from memory.
  setServedPlatforms(xPlatforms(fake, { cacheTtlSeconds: 30 }));
  await setUpstreamCost({ platform: 'x', operation: 'getUser', ...COST.getUser, createdBy: BY });
  await setUpstreamCost({ platform: 'x', operation: 'getUserFollowers', ...COST.getUserFollowers, createdBy: BY });
  await setCreditValue({ microsPerCredit: CREDIT, currency: 'USD', createdBy: BY });
  alice = await createApiAccount({ label: 'margin-alice' });
  bob = await createApiAccount({ label: 'margin-bob' });

  // alice: a user read (1 request, 1 user), the same read again (from the cache: nothing upstream),
  // then alice's followers (the lookup of alice from the cache, one page of 4 users from X).
  charged.alice.getUser += charge(await alice.call('GET', '/v2/users/alice'));
  const cached = await alice.call('GET', '/v2/users/alice');
  expect(cached.body.meta.cached).toBe(true);
  charged.alice.getUser += charge(cached);
  const followers = await alice.call('GET', '/v2/users/alice/followers', { query: { count: 100 } });
  expect(followers.body.data).toHaveLength(4);
  charged.alice.getUserFollowers += charge(followers);
  // bob: one user read.
  charged.bob.getUser += charge(await bob.call('GET', '/v2/users/bob'));
  await flushMetering();
});

afterAll(async () => {
  setServedPlatforms(null);
  expect(fake?.unmatched ?? []).toEqual([]);
  await fake?.close();
  await expectLedgersBalanced();
  // Costs and values are the deployment's: leave the next file the price book it found.
  await getPool().query('DELETE FROM upstream_costs WHERE created_by = $1', [BY]);
  await getPool().query('DELETE FROM credit_values WHERE created_by = $1', [BY]);
  await refreshPriceBook();
});

describe('margin figures against a fake X with configured costs', () => {
  it('usage_daily records each call\'s platform, upstream requests, cache hits, items and cost', async () => {
    const { rows } = await getPool().query(
      `SELECT user_id, operation, platform, calls, credits::int, upstream_requests::int, upstream_cached::int, upstream_items::int, upstream_cost_micros::int
         FROM usage_daily WHERE user_id = ANY($1) AND day = $2::date ORDER BY user_id = $3 DESC, operation`,
      [[alice.userId, bob.userId], today(), alice.userId],
    );
    expect(rows).toEqual([
      // 2 reads of alice, 1 from the cache: 1 user returned, at 0.01.
      { user_id: alice.userId, operation: 'getUser', platform: 'x', calls: 2, credits: charged.alice.getUser, upstream_requests: 2, upstream_cached: 1, upstream_items: 1, upstream_cost_micros: 10_000 },
      // The lookup of alice (cached) and a page of 4 followers: 1 request at 0.001 and 4 users at 0.01.
      { user_id: alice.userId, operation: 'getUserFollowers', platform: 'x', calls: 1, credits: charged.alice.getUserFollowers, upstream_requests: 2, upstream_cached: 1, upstream_items: 4, upstream_cost_micros: 41_000 },
      { user_id: bob.userId, operation: 'getUser', platform: 'x', calls: 1, credits: charged.bob.getUser, upstream_requests: 1, upstream_cached: 0, upstream_items: 1, upstream_cost_micros: 10_000 },
    ]);
    // Call by call: the read the cache answered cost nothing upstream.
    const events = await getPool().query(
      `SELECT platform, upstream_requests, upstream_cached, upstream_items, upstream_cost_micros::int FROM usage_events
        WHERE user_id = $1 AND operation = 'getUser' ORDER BY upstream_cached`,
      [alice.userId],
    );
    expect(events.rows).toEqual([
      { platform: 'x', upstream_requests: 1, upstream_cached: 0, upstream_items: 1, upstream_cost_micros: 10_000 },
      { platform: 'x', upstream_requests: 1, upstream_cached: 1, upstream_items: 0, upstream_cost_micros: 0 },
    ]);
    // The seed's prices: a profile is 18 credits, a follower 1.
    expect(charged).toEqual({ alice: { getUser: 36, getUserFollowers: 4 }, bob: { getUser: 18 } });
  });

  it("one account's report: money in, upstream cost, margin and cache hit rate per platform, operation and day", async () => {
    const margin = await report({ workspace: alice.userId });
    const getUser = figures({ calls: 2, credits: 36, requests: 2, cached: 1, items: 1, cost: 10_000 });
    const getUserFollowers = figures({ calls: 1, credits: 4, requests: 2, cached: 1, items: 4, cost: 41_000 });
    const all = figures({ calls: 3, credits: 40, requests: 4, cached: 2, items: 5, cost: 51_000 });
    expect(margin.workspace?.id).toBe(alice.userId);
    expect(margin.creditValue).toMatchObject({ microsPerCredit: CREDIT, currency: 'USD' });
    expect(margin.totals).toEqual(all);
    // Spelled out once: 40 credits at 0.001 bring in 0.04; X charged 0.051; 0.011 lost, -27.5 %.
    expect(margin.totals).toMatchObject({ moneyInMicros: 40_000, upstreamCostMicros: 51_000, marginMicros: -11_000, marginPercent: -27.5, cacheHitRate: 0.5 });
    expect(margin.byPlatform).toEqual([{ platform: 'x', ...all }]);
    // Followers at 1 credit a user sell below X's cost: the margin says so.
    expect(margin.byOperation).toEqual([
      { platform: 'x', operation: 'getUser', ...getUser },
      { platform: 'x', operation: 'getUserFollowers', ...getUserFollowers },
    ]);
    expect(margin.byOperation[1].marginPercent).toBe(-925);
    expect(margin.byAccount).toEqual([{ workspaceId: alice.userId, slug: expect.any(String), name: expect.any(String), deleted: false, ...all }]);
    expect(margin.accounts).toBe(1);
    expect(margin.days).toHaveLength(30);
    expect(margin.byDay.at(-1)).toEqual({ day: today(), ...all });
    expect(margin.byDay.slice(0, -1).every((day) => day.calls === 0 && day.moneyInMicros === 0)).toBe(true);
  });

  it('filters by operation and platform, and lists every account with its own figures', async () => {
    const getUsers = await report({ operation: 'getUser', platform: 'x', from: today(), to: today() }, 10_000);
    const mine = getUsers.byAccount.filter((row) => row.workspaceId === alice.userId || row.workspaceId === bob.userId);
    expect(mine).toEqual([
      { workspaceId: alice.userId, slug: expect.any(String), name: expect.any(String), deleted: false, ...figures({ calls: 2, credits: 36, requests: 2, cached: 1, items: 1, cost: 10_000 }) },
      { workspaceId: bob.userId, slug: expect.any(String), name: expect.any(String), deleted: false, ...figures({ calls: 1, credits: 18, requests: 1, cached: 0, items: 1, cost: 10_000 }) },
    ]);
    expect(getUsers.byOperation.map((row) => `${row.platform}/${row.operation}`)).toEqual(['x/getUser']);
    expect(getUsers.days).toEqual([today()]);
    // Another platform's usage of this account: none.
    const local = await report({ workspace: bob.userId, platform: 'local' });
    expect(local.totals.calls).toBe(0);
    expect(local.byAccount).toEqual([]);
  });

  it("values a day's credits at the credit value in force that day, and says when none was", async () => {
    const carol = await createTestUser('margin-carol');
    // Credit values from 5 days ago (0.0005) and from 2 days ago (0.002); before that, none.
    await setCreditValue({ microsPerCredit: 500, currency: 'USD', effectiveFrom: new Date(`${daysAgo(5)}T00:00:00Z`), createdBy: BY });
    await setCreditValue({ microsPerCredit: 2_000, currency: 'USD', effectiveFrom: new Date(`${daysAgo(2)}T12:00:00Z`), createdBy: BY });
    const insert = (day: string, credits: number, cost: number) =>
      getPool().query(
        `INSERT INTO usage_daily (user_id, key_id, day, operation, platform, tag, calls, errors, items, credits, latency_ms_sum, upstream_requests, upstream_cached, upstream_items, upstream_cost_micros)
         VALUES ($1, '', $2::date, 'getUser', 'x', 'Users', 1, 0, 1, $3, 10, 1, 0, 1, $4)`,
        [carol, day, credits, cost],
      );
    await insert(daysAgo(8), 10, 1_000);
    await insert(daysAgo(4), 10, 1_000);
    await insert(daysAgo(2), 10, 1_000);

    const recent = await report({ workspace: carol, from: daysAgo(4), to: daysAgo(2) });
    expect(recent.byDay.map((day) => [day.day, day.moneyInMicros])).toEqual([
      [daysAgo(4), 5_000],
      [daysAgo(3), 0],
      // The value set at noon that day values the whole day's credits (the rollup has no time of day).
      [daysAgo(2), 20_000],
    ]);
    expect(recent.totals).toMatchObject({ credits: 20, moneyInMicros: 25_000, upstreamCostMicros: 2_000, marginMicros: 23_000, marginPercent: 92 });

    const older = await report({ workspace: carol, from: daysAgo(8), to: daysAgo(2) });
    // Credits sold before any credit value: money in and margin cannot be known.
    expect(older.byDay[0]).toMatchObject({ day: daysAgo(8), credits: 10, unvaluedCredits: 10, moneyInMicros: null, marginMicros: null, marginPercent: null });
    expect(older.totals).toMatchObject({ credits: 30, unvaluedCredits: 10, moneyInMicros: null, marginMicros: null, upstreamCostMicros: 3_000 });
  });

  it('refuses dates that are no dates and a workspace that does not exist', async () => {
    expect(() => parseMarginFilters(new URLSearchParams({ from: '2026-02-30' }))).toThrow(/from must be a date/);
    expect(() => parseMarginFilters(new URLSearchParams({ from: today(), to: daysAgo(1) }))).toThrow(/must not be before/);
    await expect(report({ workspace: 'no-such-workspace' })).rejects.toThrow(/no workspace/);
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamBudgetGauges } from '@/components/admin/upstream-budget-gauges';
import { loadUpstreamBudgetGauges } from '@/lib/admin/upstream-budgets';
import { getPool } from '@/lib/db/pool';
import { UpstreamRateLimitedError } from '@/lib/platform/errors';
import { localPlatform } from '@/lib/platform/local';
import type { Platform } from '@/lib/platform/platform';
import { setServedPlatforms } from '@/lib/platform/served-platforms';
import { createUpstreamBudget, windowStartOf, type UpstreamBudget } from '@/lib/platform/upstream-budget';
import type { UpstreamBudgetSettings } from '@/lib/platform/upstream-budget-settings';
import { createUpstreamCache } from '@/lib/platform/upstream-cache';
import { createXPlatform } from '@/lib/platform/x';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { expectNothingCharged, measuredCall } from '../support/api-charges';
import { expectError, expectSuccess } from '../support/api-records';
import { startFakeX, type FakeX } from '../support/fake-x-api';
import { fakeXSettings, xWorld } from '../support/x-world';

// Issue 31, item 5: the operator's request budget on X, spent by every customer and instance
// before X is asked. Each test runs on a clock of its own in a window of its own (far in the
// future), so the rows of upstream_budgets it claims from are its alone.

let fake: FakeX;
let account: ApiAccount;
let clock = 0;
const now = () => clock;
/** A window start of its own for each test: minute 10 × n of 2031-01-01 (aligned to 1- and 5-minute windows). */
const windowAt = (n: number) => Date.UTC(2031, 0, 1, 0, n * 10);

beforeAll(async () => {
  fake = await startFakeX(xWorld());
  account = await createApiAccount({ label: 'upstream-budget' });
});

afterAll(async () => {
  setServedPlatforms(null);
  expect(fake?.unmatched ?? []).toEqual([]);
  await fake?.close();
  await expectLedgersBalanced();
});

/** Perch serving X from the fake with this budget (and a cache of upstream reads when asked). */
function serve(budget: UpstreamBudget, { cacheSeconds = 0 } = {}): Platform {
  const settings = { ...fakeXSettings(fake), requestBudget: budget.settings };
  const x = createXPlatform(settings, cacheSeconds ? createUpstreamCache({ ttlSeconds: cacheSeconds }) : null, budget);
  setServedPlatforms({ defaultPlatform: x, byName: new Map([['x', x], ['local', localPlatform]]), x: settings });
  return x;
}

function budgetOf(settings: UpstreamBudgetSettings, chunk?: number): UpstreamBudget {
  return createUpstreamBudget('x', settings, { now, chunk });
}

async function windowRow(settings: UpstreamBudgetSettings): Promise<{ used: number; refused: number; limit_requests: number } | undefined> {
  const { rows } = await getPool().query(
    'SELECT used, refused, limit_requests FROM upstream_budgets WHERE platform = $1 AND window_seconds = $2 AND window_start = $3',
    ['x', settings.windowSeconds, new Date(windowStartOf(clock, settings.windowSeconds))],
  );
  return rows[0];
}

const USERS = ['alice', 'bob', 'carol', 'dan', 'erin', 'frank'];

describe('a budget of N requests per window', () => {
  it('lets the first N upstream requests through, answers the next 429 with Retry-After before X is asked, and resets with the window', async () => {
    const settings = { requests: 5, windowSeconds: 60 };
    clock = windowAt(1) + 15_000; // 45 s left in the window
    // Chunks of 2: claims of 2, 2 and the last 1.
    const budget = budgetOf(settings, 2);
    serve(budget);
    const before = fake.calls.length;
    for (const [i, name] of USERS.slice(0, 5).entries()) {
      const answer = await account.call('GET', `/v2/users/${name}`);
      expectSuccess(answer);
      expect(fake.calls.length - before, `upstream requests after call ${i + 1}`).toBe(i + 1);
    }

    const refused = await measuredCall(account, 'GET', '/v2/users/frank');
    expectError(refused, 429, 'rate_limited');
    expectNothingCharged(refused);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBe(45);
    expect(retryAfter).toBeLessThanOrEqual(settings.windowSeconds);
    expect(refused.body.error.message).toMatch(/request budget on X \(5 requests per 1 min\) is spent/);
    expect(fake.calls.length - before, 'X saw no request beyond the budget').toBe(5);

    // A second refusal is answered from memory, not the database, and both are counted.
    expectError(await account.call('GET', '/v2/users/alice'), 429, 'rate_limited');
    await budget.flush();
    expect(await windowRow(settings)).toEqual({ used: 5, refused: 2, limit_requests: 5 });
    const [gauge] = await loadUpstreamBudgetGauges({ sources: [{ platform: 'x', budget: settings }], now: clock });
    expect(gauge.budget).toMatchObject({ limit: 5, used: 5, refused: 2, resetsInSeconds: 45, summary: '5 requests per 1 min' });

    // The next window: the budget is whole again.
    clock += 45_000;
    expectSuccess(await account.call('GET', '/v2/users/frank'));
    expect(fake.calls.length - before).toBe(6);
    expect(await windowRow(settings)).toMatchObject({ used: 2, refused: 0 });
  });

  it('spends nothing on reads the upstream cache answers', async () => {
    const settings = { requests: 2, windowSeconds: 60 };
    clock = windowAt(2);
    const budget = budgetOf(settings);
    serve(budget, { cacheSeconds: 60 });
    const before = fake.calls.length;
    expectSuccess(await account.call('GET', '/v2/users/alice'));
    for (let i = 0; i < 5; i += 1) {
      const cached = await account.call('GET', '/v2/users/alice');
      expectSuccess(cached);
      expect(cached.body.meta.cached).toBe(true);
    }
    expect(fake.calls.length - before).toBe(1);
    expect(await windowRow(settings)).toMatchObject({ used: 1 });
    // One request left: bob spends it, carol finds the window spent.
    expectSuccess(await account.call('GET', '/v2/users/bob'));
    expectError(await account.call('GET', '/v2/users/carol'), 429, 'rate_limited');
    // alice is still in the cache: answered, spending nothing.
    expectSuccess(await account.call('GET', '/v2/users/alice'));
    expect(fake.calls.length - before).toBe(2);
  });
});

describe('instances share the budget through the database', () => {
  it('two instances calling X at once never send more than the budget (each holds at most chunk − 1 unspent)', async () => {
    const settings = { requests: 25, windowSeconds: 60 };
    const chunk = 10;
    clock = windowAt(3);
    const instances = [serve(budgetOf(settings, chunk)), serve(budgetOf(settings, chunk))];
    const before = fake.calls.length;
    const outcomes = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => instances[i % 2].getUser(USERS[i % USERS.length])));
    const passed = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    const refusals = outcomes.filter((outcome) => outcome.status === 'rejected');
    for (const refusal of refusals) expect((refusal as PromiseRejectedResult).reason).toBeInstanceOf(UpstreamRateLimitedError);
    const sent = fake.calls.length - before;
    expect(sent).toBe(passed);
    expect(sent).toBeLessThanOrEqual(settings.requests);
    // Documented bound: at most (chunk − 1) per instance left unspent when the 429s start.
    expect(sent).toBeGreaterThanOrEqual(settings.requests - 2 * (chunk - 1));
    expect((await windowRow(settings))?.used).toBeLessThanOrEqual(settings.requests);
  });

  it('five instances spending at once get exactly the budget between them, never more', async () => {
    const settings = { requests: 97, windowSeconds: 300 };
    clock = windowAt(4);
    const budgets = Array.from({ length: 5 }, () => budgetOf(settings, 10));
    // Every instance asks for more than the whole budget, so none holds a share it does not spend.
    const outcomes = await Promise.allSettled(budgets.flatMap((budget) => Array.from({ length: 100 }, () => budget.spend())));
    const spent = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    expect(spent).toBe(settings.requests);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(UpstreamRateLimitedError);
    for (const budget of budgets) await budget.flush();
    expect(await windowRow(settings)).toEqual({ used: 97, refused: 5 * 100 - 97, limit_requests: 97 });
    // A new window on every instance, without anything between.
    clock += 300_000;
    await Promise.all(budgets.map((budget) => budget.spend()));
    expect(await windowRow(settings)).toMatchObject({ used: 50, refused: 0 });
  });
});

describe('the gauge on /admin', () => {
  it('shows each served platform against its budget, from the database', async () => {
    const settings = { requests: 40, windowSeconds: 3600 };
    clock = Date.now();
    const budget = budgetOf(settings, 10);
    serve(budget);
    await budget.spend();
    const html = renderToStaticMarkup((await UpstreamBudgetGauges())!);
    expect(html).toContain('Upstream budgets');
    expect(html).toContain('40 requests per 1 h');
    expect(html).toMatch(/10 <span[^>]*>\/ 40<\/span>/);
    expect(html).toMatch(/Resets in (\d+ min )?\d+ s|Resets in \d+ min/);
    expect(html).toContain('0 calls answered 429 this window');
    expect(html).toContain('role="meter"');
  });
});

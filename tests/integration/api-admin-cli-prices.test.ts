import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@/lib/admin/create-account';
import { findOperation } from '@/lib/api/registry';
import { getPool } from '@/lib/db/pool';
import { closeNotifications } from '@/lib/delivery/notifications';
import { ensurePriceBook, getPriceBook, PRICES_CHANNEL, refreshPriceBook, stopPriceBookSync } from '@/lib/prices/price-book-sync';
import { waitFor } from '../support/account-fixtures';
import { admin, expectFailure, expectOk } from '../support/admin-cli';

// The admin CLI's price commands (issue 31): each writes one row, which this process's price
// book picks up (by NOTIFY, or a refresh), and bad input is one line with exit code 2. The
// price tables are the whole deployment's: every row written here is deleted afterwards.

const run = crypto.randomBytes(4).toString('hex');
const TABLES = ['prices', 'price_overrides', 'upstream_costs', 'credit_values'] as const;
const before: Record<string, number> = {};
const getUser = findOperation('getUser')!;
const getTweet = findOperation('getTweet')!;
let workspace: { id: string; slug: string };

async function countRows(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) counts[table] = Number((await getPool().query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
  return counts;
}

beforeAll(async () => {
  for (const table of TABLES) before[table] = Number((await getPool().query<{ id: string | null }>(`SELECT max(id) AS id FROM ${table}`)).rows[0].id ?? 0);
  const { id } = await createAccount({ email: `cli-prices-${run}@example.test`, password: 'correct horse battery', credits: 0 });
  const { rows } = await getPool().query<{ slug: string }>('SELECT slug FROM workspaces WHERE id = $1', [id]);
  workspace = { id, slug: rows[0].slug };
  await ensurePriceBook();
});

afterAll(async () => {
  for (const table of TABLES) await getPool().query(`DELETE FROM ${table} WHERE id > $1`, [before[table]]);
  await getPool().query('SELECT pg_notify($1, $2)', [PRICES_CHANNEL, '']);
  await refreshPriceBook();
  stopPriceBookSync();
  await closeNotifications();
});

describe('admin CLI prices', () => {
  it('prices lists the seed prices of every priced operation on every platform', async () => {
    const rows = JSON.parse(expectOk(await admin('prices', '--json'))) as Array<Record<string, unknown>>;
    expect(rows.some((row) => row.operation === 'getAccount')).toBe(false);
    expect(new Set(rows.map((row) => row.platform))).toEqual(new Set(['local', 'bluesky', 'x']));
    expect(rows.find((row) => row.platform === 'x' && row.operation === 'getUser')).toEqual({
      platform: 'x',
      operation: 'getUser',
      per: 'item',
      unit: 'profile',
      credits: 18,
      minimum: 0,
      source: 'seed',
      since: null,
      scheduled: [],
    });
    const table = await admin('prices', '--platform', 'x');
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^platform\s+operation\s+unit\s+credits\s+minimum\s+source\s+since$/);
    expect(lines.find((line) => /\bgetUser\b/.test(line))).toMatch(/^x\s+getUser\s+per profile\s+18\s+0\s+seed\s+-$/);
    expect(lines.every((line, i) => i === 0 || line.startsWith('x '))).toBe(true);
  });

  it('set-price changes a price on the list, which reaches this process by NOTIFY', async () => {
    const line = expectOk(await admin('set-price', '--platform', 'x', '--operation', 'getUser', '--credits', '25', '--minimum', '100'));
    expect(line).toBe('getUser on x: 25 credits per profile, minimum 100 per call, from now');
    const { rows } = await getPool().query('SELECT unit_credits, min_credits, created_by FROM prices WHERE platform = $1 AND operation = $2 AND id > $3', ['x', 'getUser', before.prices]);
    expect(rows).toEqual([{ unit_credits: 25, min_credits: 100, created_by: expect.stringMatching(/^admin CLI/) }]);
    // No refresh here: the CLI's NOTIFY reloads this process's book.
    await waitFor(() => getPriceBook().listPrice(getUser, 'x').source === 'list', 2_000);
    expect(getPriceBook().listPrice(getUser, 'x')).toEqual({ per: 'item', unit: 'profile', credits: 25, minimum: 100, source: 'list' });
    expect(getPriceBook().listPrice(getUser, 'local').source).toBe('seed');
    const listed = (JSON.parse(expectOk(await admin('prices', '--platform', 'x', '--json'))) as Array<Record<string, unknown>>).find((row) => row.operation === 'getUser');
    expect(listed).toMatchObject({ credits: 25, minimum: 100, source: 'list', since: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
  });

  it('set-price --from schedules a change: the old price stays in force until then', async () => {
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(expectOk(await admin('set-price', '--platform', 'local', '--operation', 'getTweet', '--credits', '30', '--from', day))).toBe(
      `getTweet on local: 30 credits per tweet, from ${day} 00:00 UTC (scheduled)`,
    );
    const book = await refreshPriceBook();
    expect(book.listPrice(getTweet, 'local')).toMatchObject({ credits: 15, source: 'seed' });
    expect(book.listPrice(getTweet, 'local', Date.parse(`${day}T00:00:00Z`))).toMatchObject({ credits: 30, minimum: 0, source: 'list' });
    const listed = (JSON.parse(expectOk(await admin('prices', '--platform', 'local', '--json'))) as Array<Record<string, unknown>>).find((row) => row.operation === 'getTweet');
    expect(listed).toMatchObject({ credits: 15, source: 'seed', scheduled: [{ credits: 30, minimum: 0, from: `${day}T00:00:00.000Z` }] });
  });

  it('set-cost and set-credit-value store money in millionths', async () => {
    expect(expectOk(await admin('set-credit-value', '--value', '0.001', '--currency', 'usd'))).toBe('one credit is worth 0.001 USD, from now');
    expect(expectOk(await admin('set-cost', '--platform', 'x', '--operation', 'getUser', '--per-request', '0', '--per-item', '0.01 USD'))).toBe(
      'getUser on x costs 0.00 USD per request and 0.01 USD per item upstream, from now',
    );
    const costs = await getPool().query('SELECT per_request_micros, per_item_micros FROM upstream_costs WHERE id > $1', [before.upstream_costs]);
    expect(costs.rows).toEqual([{ per_request_micros: '0', per_item_micros: '10000' }]);
    const values = await getPool().query('SELECT micros_per_credit, currency FROM credit_values WHERE id > $1', [before.credit_values]);
    expect(values.rows).toEqual([{ micros_per_credit: '1000', currency: 'USD' }]);
    const book = await refreshPriceBook();
    expect(book.upstreamCost('x', 'getUser')).toEqual({ perRequestMicros: 0, perItemMicros: 10_000 });
    expect(book.creditValue()).toEqual({ microsPerCredit: 1000, currency: 'USD' });
    expect(book.upstreamCostMicros('x', 'getUser', { requests: 1, cached: 0, items: 1 })).toBe(10_000);
  });

  it('set-override gives a workspace a discount, a price of its own, and withdraws it', async () => {
    expect(expectOk(await admin('set-override', '--workspace', workspace.slug, '--platform', 'x', '--operation', 'getUser', '--discount', '20'))).toBe(
      `${workspace.slug} gets 20% off getUser on x, from now`,
    );
    let book = await refreshPriceBook();
    // 25 credits and a minimum of 100, 20% off: rounded to whole credits.
    expect(book.priceOf(getUser, 'x', workspace.id)).toEqual({ per: 'item', unit: 'profile', credits: 20, minimum: 80, source: 'override' });
    expect(book.priceOf(getUser, 'x', 'ws_someone_else').source).toBe('list');

    expectOk(await admin('set-override', '--workspace', workspace.id, '--credits', '10'));
    book = await refreshPriceBook();
    // The operation's own override wins over the one for everything; elsewhere its own price, no minimum.
    expect(book.priceOf(getUser, 'x', workspace.id).credits).toBe(20);
    expect(book.priceOf(getTweet, 'bluesky', workspace.id)).toEqual({ per: 'item', unit: 'tweet', credits: 10, minimum: 0, source: 'override' });

    expect(expectOk(await admin('set-override', '--workspace', workspace.slug, '--platform', 'x', '--operation', 'getUser', '--withdraw'))).toBe(
      `withdrew ${workspace.slug}'s override for getUser on x, from now`,
    );
    book = await refreshPriceBook();
    expect(book.priceOf(getUser, 'x', workspace.id)).toMatchObject({ credits: 10, minimum: 0, source: 'override' });
    const { rows } = await getPool().query(
      'SELECT platform, operation, discount_percent, unit_credits, withdrawn FROM price_overrides WHERE user_id = $1 ORDER BY id',
      [workspace.id],
    );
    expect(rows).toEqual([
      { platform: 'x', operation: 'getUser', discount_percent: 20, unit_credits: null, withdrawn: false },
      { platform: null, operation: null, discount_percent: null, unit_credits: 10, withdrawn: false },
      { platform: 'x', operation: 'getUser', discount_percent: null, unit_credits: null, withdrawn: true },
    ]);
  });

  it('refuses bad input with one line, exit code 2, and writes nothing', async () => {
    const counts = await countRows();
    const usage = await Promise.all([
      admin('set-price', '--platform', 'x', '--operation', 'getNothing', '--credits', '5'),
      admin('set-price', '--platform', 'mastodon', '--operation', 'getUser', '--credits', '5'),
      admin('set-price', '--platform', 'x', '--operation', 'getAccount', '--credits', '5'),
      admin('set-price', '--platform', 'x', '--operation', 'getUser', '--credits=-5'),
      admin('set-price', '--platform', 'x', '--operation', 'getUser', '--credits', '5', '--from', '2020-01-01'),
      admin('set-cost', '--platform', 'x', '--operation', 'getUser', '--per-item=-0.01'),
      admin('set-cost', '--platform', 'x', '--operation', 'getUser', '--per-item', '0.0000001'),
      admin('set-credit-value', '--value', '0'),
      admin('set-override', '--workspace', workspace.slug, '--discount', '20', '--credits', '5'),
      admin('set-override', '--workspace', workspace.slug, '--discount', '120'),
      admin('prices', '--platform', 'myspace'),
    ]);
    const messages = [
      /^error: --operation: unknown operation "getNothing"$/,
      /^error: --platform: unknown platform "mastodon"/,
      /^error: --operation: getAccount is free/,
      /^error: --credits: must not be negative/,
      /^error: --from: must be today or later/,
      /^error: --per-item: must not be negative/,
      /^error: --per-item: use at most 6 decimal places/,
      /^error: --value: a credit must be worth more than 0$/,
      /^error: --discount, --credits or --withdraw: give exactly one/,
      /^error: --discount: must be from 0 to 100/,
      /^error: --platform: unknown platform "myspace"/,
    ];
    usage.forEach((result, i) => {
      expectFailure(result, messages[i]);
      expect(result.code, String(messages[i])).toBe(2);
    });
    const missing = await Promise.all([
      admin('set-override', '--workspace', `no-such-${run}`, '--discount', '20'),
      admin('set-override', '--workspace', workspace.slug, '--platform', 'bluesky', '--withdraw'),
    ]);
    expectFailure(missing[0], /no workspace with the slug or id no-such-/);
    expectFailure(missing[1], /has no override for every operation on bluesky to withdraw/);
    for (const result of missing) expect(result.code).toBe(1);
    expect(await countRows()).toEqual(counts);
    // Thirteen CLI processes at once: each starts tsx and loads the operations.
  }, 240_000);
});

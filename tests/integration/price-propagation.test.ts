import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { PRICES_CHANNEL, refreshPriceBook } from '@/lib/prices/price-book-sync';
import { setPrice, setPriceOverride } from '@/lib/prices/write-prices';
import { createApiAccount, type ApiAccount } from '../support/api-client';
import { startServers, type RunningServer } from '../support/api-server';
import { userWithMost } from '../support/api-subjects';

// Issue 31: a price change reaches every instance within a second. Two production servers
// (server.ts) run on the test database; this process writes the price list as an instance (or
// the admin CLI) does, a row and a NOTIFY in one transaction. Each server must then charge the
// new price (meta.credits_charged) and show it in GET /v2/openapi.json within a second; an
// account's own price reaches that account only; and a price scheduled a few seconds ahead
// takes effect on time with no notification at that moment.

const LABEL = `test-price-propagation-${crypto.randomBytes(4).toString('hex')}`;
const OPERATION = 'getUser';
const PATH = '/v2/users/{username}';
// Prices no seed or other test uses, so a stale figure cannot pass for a new one.
const LIST = 23;
const OWN = 7;
const SCHEDULED = 31;
const WITHIN_MS = 1_000;

let servers: RunningServer[] = [];
let username: string;
let platform: string;
let discounted: ApiAccount;
let other: ApiAccount;

type XCredits = { credits: number; minimum: number; platforms: Record<string, { credits: number; minimum: number }> };

async function charged(server: RunningServer, account: ApiAccount): Promise<number> {
  const response = await fetch(`${server.url}/v2/users/${encodeURIComponent(username)}`, { headers: { authorization: `Bearer ${account.key}` } });
  const body = (await response.json()) as { meta: { credits_charged: number } };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.meta.credits_charged;
}

async function documented(server: RunningServer): Promise<{ credits: XCredits; platform: string }> {
  const response = await fetch(`${server.url}/v2/openapi.json`);
  expect(response.status).toBe(200);
  const document = (await response.json()) as { info: { 'x-price-platform': string }; paths: Record<string, { get: { 'x-credits': XCredits } }> };
  return { credits: document.paths[PATH].get['x-credits'], platform: document.info['x-price-platform'] };
}

/** Polls `probe` every 50 ms until it holds; the time it took, failing past `limitMs`. */
async function within(limitMs: number, probe: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await probe()) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  servers = await startServers(process.env.DATABASE_URL!, 2);
  username = await userWithMost.tweets();
  discounted = await createApiAccount({ label: 'price-own' });
  other = await createApiAccount({ label: 'price-list' });
  // Each server loads its price book and starts listening on its first priced call.
  for (const server of servers) {
    await charged(server, other);
    ({ platform } = await documented(server));
  }
});

afterAll(async () => {
  // The price list is shared by every test file: take this file's rows out and let every listener reload.
  await getPool().query('DELETE FROM prices WHERE created_by = $1', [LABEL]);
  await getPool().query('DELETE FROM price_overrides WHERE created_by = $1', [LABEL]);
  await getPool().query('SELECT pg_notify($1, $2)', [PRICES_CHANNEL, '']);
  await refreshPriceBook();
  await Promise.all(servers.map((server) => server.stop()));
});

it('charges and documents a list price change on both instances within a second', { timeout: 60_000 }, async () => {
  await setPrice({ platform, operation: OPERATION, unitCredits: LIST, createdBy: LABEL });
  for (const server of servers) {
    const took = await within(WITHIN_MS, async () => (await charged(server, other)) === LIST);
    expect(took).toBeLessThanOrEqual(WITHIN_MS);
    await within(WITHIN_MS, async () => (await documented(server)).credits.credits === LIST);
    const { credits } = await documented(server);
    expect(credits).toMatchObject({ credits: LIST, minimum: 0 });
    expect(credits.platforms[platform]).toEqual({ credits: LIST, minimum: 0 });
  }
});

it("applies an account's own price to that account only, and not to the document", { timeout: 60_000 }, async () => {
  await setPriceOverride({ workspaceId: discounted.userId, platform: null, operation: OPERATION, unitCredits: OWN, createdBy: LABEL });
  for (const server of servers) {
    await within(WITHIN_MS, async () => (await charged(server, discounted)) === OWN);
    expect(await charged(server, other)).toBe(LIST);
    expect((await documented(server)).credits.credits).toBe(LIST);
  }
});

it('puts a scheduled price in force at its time, with no notification then', { timeout: 60_000 }, async () => {
  const effectiveFrom = new Date(Date.now() + 2_500);
  await setPrice({ platform, operation: OPERATION, unitCredits: SCHEDULED, effectiveFrom, createdBy: LABEL });
  // Announced now, in force later: both instances still charge and show the price in force.
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const server of servers) {
    expect(await charged(server, other)).toBe(LIST);
    expect((await documented(server)).credits.credits).toBe(LIST);
  }
  // Nothing is written or announced from here on: the instances' clocks alone switch the price.
  const wait = effectiveFrom.getTime() - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  for (const server of servers) {
    await within(WITHIN_MS, async () => (await charged(server, other)) === SCHEDULED);
    await within(WITHIN_MS, async () => (await documented(server)).credits.credits === SCHEDULED);
  }
  // The account's own price still wins over the list's.
  expect(await charged(servers[1], discounted)).toBe(OWN);
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser as Chromium, type Page } from '@playwright/test';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLedger } from '@/lib/credits';
import { startEmbeddedPostgres, type EmbeddedHandle } from '@/lib/db/embedded-postgres';
import { closePool, getPool } from '@/lib/db/pool';
import { runningPostmaster, startPostmaster, stopPostmaster } from '@/lib/db/postmaster';
import { freePort } from '@/lib/server/free-port';
import { waitFor } from '../support/account-fixtures';
import { startServer, type RunningServer } from '../support/api-server';
import { browser, signInOverHttp, type Browser } from '../support/dashboard-http';
import { embeddedEnv, runAdmin, startLoad, type Tally } from '../support/fault-load';

// kill -9 of PostgreSQL under load (issue 13, points 2 and 5): every /v2 call answers 200 or a
// clean 503 `unavailable` with Retry-After (never a 500, a reset or a hang), Perch recovers
// without being restarted, nothing is charged for the failed calls (ledger audited once the
// sweeper has refunded the holds the outage cut off), and SIGTERM with the database gone
// stops the server within 10 s. Only databases this file started are killed.

const dirs: string[] = [];
const servers: RunningServer[] = [];
let chromiumBrowser: Chromium | undefined;
afterAll(async () => {
  await chromiumBrowser?.close();
  for (const server of servers) await server.stop();
  await closePool();
  for (const dir of dirs) {
    await stopPostmaster(path.join(dir, 'postgres')).catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-fault-pg-'));
  dirs.push(dir);
  return dir;
}

// Quick sweeps, so holds a crash cut off are refunded within the test.
const SWEEP = { PERCH_HOLD_SWEEP_AGE_MS: '3000', PERCH_HOLD_SWEEP_INTERVAL_MS: '500', PERCH_AUTO_SEED: '1', PERCH_SEED_SCALE: 'test' };

async function firstUsername(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ username: string }>('SELECT username FROM platform.users ORDER BY id LIMIT 1')).rows[0].username;
  } finally {
    await client.end();
  }
}

function killPostmaster(clusterDir: string): void {
  const running = runningPostmaster(clusterDir);
  expect(running).not.toBeNull();
  process.kill(running!.pid, 'SIGKILL');
}

const ok = (tally: Tally) => tally.byStatus[200] ?? 0;

/** Load through an outage: the outage is seen as clean 503s, then 200s come back. */
async function expectOutageAndRecovery(load: { tally: Tally }, kill: () => void, restart?: () => Promise<void>): Promise<void> {
  await waitFor(() => ok(load.tally) >= 20, 60_000);
  kill();
  await waitFor(() => load.tally.cleanUnavailable >= 5, 60_000);
  const before = ok(load.tally);
  await restart?.();
  await waitFor(() => ok(load.tally) >= before + 20, 180_000);
}

function expectOnlyCleanAnswers(tally: Tally): void {
  expect({ statuses: Object.keys(tally.byStatus).sort(), bad503: tally.badUnavailable, network: tally.networkErrors, hangs: tally.hangs, last: tally.lastError }).toEqual({
    statuses: ['200', '503'],
    bad503: 0,
    network: 0,
    hangs: 0,
    last: undefined,
  });
}

async function expectLedgerAfterSweep(userId: string): Promise<void> {
  await waitFor(async () => (await getPool().query('SELECT 1 FROM credit_holds WHERE user_id = $1', [userId])).rowCount === 0, 60_000);
  const ledger = await checkLedger(userId);
  expect(ledger).toMatchObject({ ok: true, holds: 0 });
  // The running server keeps its credit lease (what it has not spent of it comes back when it
  // stops or the lease expires): everything else granted is either charged or in the balance.
  expect(ledger.balance).toBe(ledger.grants - ledger.usage - ledger.leased);
}

/** The server's own measure of its shutdown, from its log. */
function shutdownMs(server: RunningServer): number {
  const match = server.output().match(/"msg":"stopped in (\d+) ms/);
  expect(match, server.output().slice(-2000)).not.toBeNull();
  return Number(match![1]);
}

/** The signed-in dashboard in Chromium, with the session of `jar`. */
async function dashboardPage(baseUrl: string, jar: Browser): Promise<Page> {
  chromiumBrowser ??= await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const context = await chromiumBrowser.newContext();
  await context.addCookies([...jar.cookies].map(([name, value]) => ({ name, value, url: baseUrl })));
  return context.newPage();
}

/** What the dashboard says while the database is down: its JSON routes and its pages. */
async function expectDashboardOutage(baseUrl: string, jar: Browser): Promise<Page> {
  const route = await jar.fetch('/api/dashboard/balance');
  expect({ status: route.status, retryAfter: route.headers.get('retry-after'), body: await route.json() }).toEqual({
    status: 503,
    retryAfter: expect.stringMatching(/^\d+$/),
    body: { error: expect.stringMatching(/database is unavailable/) },
  });
  const page = await dashboardPage(baseUrl, jar);
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByRole('heading', { name: 'Database unavailable' }).waitFor({ timeout: 30_000 });
  return page;
}

describe('kill -9 of PostgreSQL under load', () => {
  it('embedded: Perch restarts its PostgreSQL by itself; 503s meanwhile, then 200s; ledger exact', { timeout: 20 * 60_000 }, async () => {
    const dataDir = tempDir();
    const dbPort = await freePort();
    const server = await startServer(null, { PERCH_DATA_DIR: dataDir, PERCH_DB_PORT: String(dbPort), ...SWEEP });
    servers.push(server);
    const dbUrl = `postgresql://postgres:perch@127.0.0.1:${dbPort}/perch`;
    process.env.DATABASE_URL = dbUrl; // this file's ledger checks read the server's database
    const email = `pgkill-${crypto.randomBytes(4).toString('hex')}@example.test`;
    const userId = await runAdmin(embeddedEnv(dataDir, dbPort), 'create-user', '--email', email, '--password', 'correct horse battery', '--credits', '1000000');
    const key = await runAdmin(embeddedEnv(dataDir, dbPort), 'create-key', '--email', email, '--rate-limit', '10000');
    const load = startLoad(`${server.url}/v2/users/${await firstUsername(dbUrl)}`, key, 8);
    try {
      await expectOutageAndRecovery(load, () => killPostmaster(path.join(dataDir, 'postgres')));
    } finally {
      await load.stop();
    }
    expectOnlyCleanAnswers(load.tally);
    // A start attempt that timed out under load while the postmaster still came up is noticed at
    // the supervisor's next check (after its backoff), which may be after the calls recovered.
    await waitFor(() => /"msg":"the embedded PostgreSQL is back after/.test(server.output()), 60_000);
    await expectLedgerAfterSweep(userId);

    // A second crash with SIGTERM right behind it: shutdown does not wait on the database.
    killPostmaster(path.join(dataDir, 'postgres'));
    await server.stop();
    expect(shutdownMs(server)).toBeLessThan(10_000);
    // Whether the supervisor had restarted it or not, the server's shutdown leaves it stopped.
    await waitFor(() => runningPostmaster(path.join(dataDir, 'postgres')) === null, 30_000);
    await closePool();
  });

  it('external DATABASE_URL: the pools recover by themselves when the server is back; shutdown with it gone takes under 10 s', { timeout: 20 * 60_000 }, async () => {
    const dataDir = tempDir();
    const dbPort = await freePort();
    // "External" to Perch: a cluster this test started and kills.
    const database: EmbeddedHandle = await startEmbeddedPostgres({ dataDir, port: dbPort, database: 'perch' });
    const clusterDir = path.join(dataDir, 'postgres');
    const server = await startServer(database.url, SWEEP);
    servers.push(server);
    process.env.DATABASE_URL = database.url;
    const email = `extkill-${crypto.randomBytes(4).toString('hex')}@example.test`;
    const cli = { ...process.env, DATABASE_URL: database.url };
    const userId = await runAdmin(cli, 'create-user', '--email', email, '--password', 'correct horse battery', '--credits', '1000000');
    const key = await runAdmin(cli, 'create-key', '--email', email, '--rate-limit', '10000');
    const jar = browser(server.url);
    expect((await signInOverHttp(jar, email, 'correct horse battery')).ok).toBe(true);
    const load = startLoad(`${server.url}/v2/users/${await firstUsername(database.url)}`, key, 8);
    let page: Page | undefined;
    try {
      await expectOutageAndRecovery(
        load,
        () => killPostmaster(clusterDir),
        async () => {
          // A signed-in person sees the outage named, not an error page or a bare 500.
          page = await expectDashboardOutage(server.url, jar);
          // A load balancer's health check sees the outage too, and the real-time loops waiting for it.
          const health = await fetch(`${server.url}/api/health`);
          expect({ status: health.status, retryAfter: health.headers.get('retry-after'), body: await health.json() }).toEqual({
            status: 503,
            retryAfter: expect.stringMatching(/^\d+$/),
            body: expect.objectContaining({ database: 'unavailable', realtime: 'recovering' }),
          });
          // Whoever runs the external database brings it back; its old backends may hold the
          // shared memory for a moment after the kill.
          await waitFor(async () => {
            await startPostmaster(clusterDir, dbPort).catch(() => undefined);
            return runningPostmaster(clusterDir) !== null;
          }, 60_000);
        },
      );
      // Healthy again once the loops the outage stopped have reconnected (within their backoff).
      // (A 200 can come first: a loop still within its grace reads "recovering" without failing the check.)
      const healthy = { database: 'ok', realtime: 'ok', matcher: 'ok', jobs: 'ok', usage_flush: 'ok' };
      const isHealthy = (body: Record<string, unknown>) => Object.entries(healthy).every(([loop, state]) => body[loop] === state);
      await waitFor(async () => {
        const health = await fetch(`${server.url}/api/health`);
        return health.status === 200 && isHealthy((await health.json()) as Record<string, unknown>);
      }, 30_000);
      expect(await (await fetch(`${server.url}/api/health`)).json()).toMatchObject(healthy);
      // The page that said so reloads by itself once the database is back.
      await page!.getByRole('heading', { name: 'Overview' }).waitFor({ timeout: 60_000 });
      expect((await jar.fetch('/api/dashboard/balance')).status).toBe(200);
    } finally {
      await load.stop();
    }
    expectOnlyCleanAnswers(load.tally);
    await expectLedgerAfterSweep(userId);
    await closePool();

    killPostmaster(clusterDir);
    await waitFor(() => runningPostmaster(clusterDir) === null, 30_000);
    await server.stop();
    expect(shutdownMs(server)).toBeLessThan(10_000);
    expect(runningPostmaster(clusterDir)).toBeNull(); // a server never starts an external database
  });
});

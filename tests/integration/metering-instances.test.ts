import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '@/lib/credits';
import { getPool } from '@/lib/db/pool';
import { createApiAccount, readAnswer, type ApiAccount, type ApiAnswer } from '../support/api-client';
import { PRICE } from '../support/api-charges';
import { waitFor } from '../support/account-fixtures';
import { startServers, type RunningServer } from '../support/api-server';
import { userWithMost } from '../support/api-subjects';

// Two Perch servers (real processes) on one database and one Redis (issue 11 and issue 13 point 4):
// exact credits at the edge across both, shared rate limits, and what a kill -9 of one leaves.

const REDIS_URL = process.env.PERCH_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// Short enough for a test to wait for: a lease not renewed for 2 s is reclaimed, and a hold
// older than 5 s + 5 s is swept (metering-config.ts).
const ENV = { REDIS_URL, PERCH_LEASE_TTL_MS: '2000', PERCH_OPERATION_TIMEOUT_MS: '5000' };

let servers: RunningServer[] = [];
let username: string;

beforeAll(async () => {
  username = await userWithMost.tweets();
  servers = await startServers(process.env.DATABASE_URL!, 2, ENV);
  // The first burst on a cold server (pools opening 30 connections, code not yet compiled) ran
  // some handlers past the 1 s operation bound this file used to set, on a slow machine: 503s
  // that say nothing about metering. One burst on another account first, as on a server that
  // has been up a while, and a bound of 5 s.
  const warmUp = await createApiAccount({ label: 'two-instances-warm-up', credits: 1_000_000 });
  await Promise.all(Array.from({ length: 100 }, (_, i) => call(servers[i % 2], warmUp, `/v2/users/${username}`)));
}, 10 * 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

async function call(server: RunningServer, account: ApiAccount, path: string): Promise<ApiAnswer | 'network error'> {
  try {
    return await readAnswer(await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${account.key}` } }));
  } catch {
    return 'network error';
  }
}

function statusOf(answer: ApiAnswer | 'network error'): number | 'network error' {
  return answer === 'network error' ? answer : answer.status;
}

/** Waits until every call answered has been written (both servers flush every 100 ms) and no lease is left. */
async function settled(account: ApiAccount, usage: number): Promise<void> {
  await waitFor(async () => {
    const ledger = await checkLedger(account.userId);
    return ledger.usage === usage && ledger.leased === 0 && ledger.holds === 0;
  }, 20_000);
}

describe('two instances on one database', () => {
  it('200 concurrent calls over both on credits for exactly 150: 150 succeed, 50 get 402, balance 0, ledger exact', async () => {
    const account = await createApiAccount({ label: 'two-instances', credits: 150 * PRICE.profile });
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => call(servers[i % 2], account, `/v2/users/${username}`)));
    const statuses = answers.map(statusOf);
    expect(statuses.filter((s) => s === 200)).toHaveLength(150);
    expect(statuses.filter((s) => s === 402)).toHaveLength(50);
    await settled(account, 150 * PRICE.profile);
    expect(await checkLedger(account.userId)).toEqual({ balance: 0, grants: 150 * PRICE.profile, usage: 150 * PRICE.profile, holds: 0, leased: 0, keysOk: true, ok: true });
    // Every call was recorded, refusals included (a refusal charges nothing, so settled() does
    // not wait for its record: wait for all 200 here).
    await waitFor(async () => (await getPool().query('SELECT 1 FROM usage_events WHERE user_id = $1', [account.userId])).rowCount === 200, 20_000);
    const { rows } = await getPool().query<{ status: number; n: number }>('SELECT status, count(*)::int AS n FROM usage_events WHERE user_id = $1 GROUP BY status ORDER BY status', [account.userId]);
    expect(rows).toEqual([
      { status: 200, n: 150 },
      { status: 402, n: 50 },
    ]);
  });

  it('the same with a key limit for exactly 150 on a large balance', async () => {
    const account = await createApiAccount({ label: 'two-instances', credits: 1_000_000, creditLimit: 150 * PRICE.profile });
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => call(servers[i % 2], account, `/v2/users/${username}`)));
    const statuses = answers.map(statusOf);
    expect(statuses.filter((s) => s === 200)).toHaveLength(150);
    expect(statuses.filter((s) => s === 402)).toHaveLength(50);
    await settled(account, 150 * PRICE.profile);
    expect(await checkLedger(account.userId)).toMatchObject({ balance: 1_000_000 - 150 * PRICE.profile, ok: true, keysOk: true });
  });

  it('share one rate limit through Redis', async () => {
    const rate = 10;
    const account = await createApiAccount({ label: 'two-instances', credits: 1_000_000, rateLimit: rate });
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => call(servers[i % 2], account, `/v2/users/${username}`)));
    const seconds = (Date.now() - started) / 1000;
    const ok = answers.filter((a) => statusOf(a) === 200).length;
    expect(answers.filter((a) => statusOf(a) === 429).length).toBe(100 - ok);
    // A shared budget: `rate` per second plus one burst of `rate`, whichever server answers.
    // Two separate budgets would allow twice that.
    expect(ok).toBeLessThanOrEqual(rate * (Math.floor(seconds) + 2) + rate);
    expect(ok).toBeGreaterThanOrEqual(rate);
  });
});

describe('kill -9 of one instance under load', () => {
  it('loses at most its unflushed usage, whose credits return with the reclaimed lease: no over-charge, nothing lost', async () => {
    const account = await createApiAccount({ label: 'kill-9', credits: 1_000_000 });
    const [victim, survivor] = servers;
    let killed = false;
    const answers: Array<ApiAnswer | 'network error'> = [];
    const worker = async (server: RunningServer) => {
      while (!killed || server === survivor) {
        answers.push(await call(server, account, `/v2/users/${username}`));
        if (killed && server === survivor && answers.length > 50) break;
      }
    };
    const load = Promise.all([...Array.from({ length: 8 }, () => worker(victim)), ...Array.from({ length: 4 }, () => worker(survivor))]);
    await waitFor(() => answers.filter((a) => statusOf(a) === 200).length >= 100, 60_000);
    // Calls are being served from leases when the victim dies.
    expect((await checkLedger(account.userId)).leased).toBeGreaterThan(0);
    await victim.kill();
    killed = true;
    await load;

    const succeeded = answers.filter((a) => statusOf(a) === 200).length;
    const charged = answers.reduce((sum, a) => sum + (a !== 'network error' && a.status === 200 ? a.body.meta.credits_charged : 0), 0);
    expect(charged).toBe(succeeded * PRICE.profile);
    // The survivor's sweeper reclaims the victim's lease once it expires (2 s, swept every 5 s).
    await waitFor(async () => (await checkLedger(account.userId)).leased === 0, 30_000);
    const ledger = await checkLedger(account.userId);
    expect(ledger).toMatchObject({ ok: true, keysOk: true, holds: 0, leased: 0 });
    // Never an over-charge: usage is at most what the answers said was charged …
    expect(ledger.usage).toBeLessThanOrEqual(charged);
    // … and nothing lost: every credit is either charged in usage or back in the balance.
    expect(ledger.balance).toBe(1_000_000 - ledger.usage);
    servers = [survivor];
  }, 120_000);
});

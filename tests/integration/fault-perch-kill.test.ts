import { afterAll, describe, expect, it } from 'vitest';
import { checkLedger, grantCredits } from '@/lib/credits';
import { getPool } from '@/lib/db/pool';
import { issueKey } from '@/lib/keys';
import { createTestUser, waitFor } from '../support/account-fixtures';
import { startServer, type RunningServer } from '../support/api-server';
import { startLoad } from '../support/fault-load';

// kill -9 of a Perch server under load, then a restart (issue 13, point 5): the calls in
// flight at the kill leave holds behind; the restarted server's sweeper refunds them in full
// (its age is shortened here), after which the account's ledger is exact, and the restarted
// server serves as before.

const servers: RunningServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
});

// Short ages, so that the killed server's holds and its credit lease (served calls whose usage
// it never flushed) come back within seconds rather than minutes.
const SWEEP = { PERCH_HOLD_SWEEP_AGE_MS: '3000', PERCH_HOLD_SWEEP_INTERVAL_MS: '500', PERCH_LEASE_TTL_MS: '2000' };

async function openHolds(userId: string): Promise<number> {
  const { rows } = await getPool().query<{ n: number }>('SELECT count(*)::int AS n FROM credit_holds WHERE user_id = $1', [userId]);
  return rows[0].n;
}

async function openLeases(userId: string): Promise<number> {
  const { rows } = await getPool().query<{ n: number }>('SELECT count(*)::int AS n FROM credit_leases WHERE user_id = $1', [userId]);
  return rows[0].n;
}

describe('kill -9 of Perch under load', () => {
  it('leaves no credits lost: holds of the killed calls are swept after the restart and the ledger is exact', { timeout: 20 * 60_000 }, async () => {
    const userId = await createTestUser('perchkill');
    await grantCredits(userId, 1_000_000, 'fault test');
    const { key } = await issueKey({ userId, name: 'fault', scopes: ['read'], rateLimit: 10_000 });
    const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY followers_count DESC LIMIT 1');
    // A follower page: enough work per call that several are in flight at the kill.
    const path = `/v2/users/${rows[0].username}/followers?count=100`;

    const first = await startServer(process.env.DATABASE_URL!, SWEEP);
    servers.push(first);
    const load = startLoad(`${first.url}${path}`, key, 16);
    await waitFor(() => (load.tally.byStatus[200] ?? 0) >= 50, 120_000);
    await first.kill();
    const afterKill = await load.stop();
    // Only 200s before the kill; the kill itself shows as refused or reset connections.
    expect(Object.keys(afterKill.byStatus)).toEqual(['200']);
    console.log(`[fault] holds left by the kill: ${await openHolds(userId)}`);

    const second = await startServer(process.env.DATABASE_URL!, SWEEP);
    servers.push(second);
    // The restarted server has served nothing yet: every hold and lease left is the killed one's.
    await waitFor(async () => (await openHolds(userId)) === 0 && (await openLeases(userId)) === 0, 60_000);
    const ledger = await checkLedger(userId);
    expect(ledger).toMatchObject({ ok: true, holds: 0, leased: 0 });
    expect(ledger.balance).toBe(ledger.grants - ledger.usage);

    const again = await fetch(`${second.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
    expect(again.status).toBe(200);
    expect((await checkLedger(userId)).ok).toBe(true);
  });
});

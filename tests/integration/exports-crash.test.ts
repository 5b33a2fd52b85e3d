import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { startServer, type RunningServer } from '../support/api-server';
import { waitFor } from '../support/account-fixtures';
import { addWebhookEndpoint, cancelUnfinishedExports, committedFile, endEvents, exportRow, exportUsage, insertFollowedUser, jsonlRecords, openHolds, waitForExport, type FollowedUser } from '../support/export-world';

// kill -9 of the server running an export (issue 29, "exactly once, resumable"): two other
// servers on the same database and export directory race to take the export over once the dead
// one's lease lapses, and finish it. The file then equals an uninterrupted export of the same data,
// byte for byte, no follower twice and none missing; the account was charged exactly the
// items of both exports, and the killed page's hold was refunded by the sweeper.

const FOLLOWERS = 40_000; // 40 pages of 1,000 full users: the kill lands after the first few.
const SWEEPS = { PERCH_HOLD_SWEEP_AGE_MS: '3000', PERCH_HOLD_SWEEP_INTERVAL_MS: '500', PERCH_LEASE_TTL_MS: '2000' };

let directory: string;
let world: FollowedUser;
const servers: RunningServer[] = [];
const accounts: string[] = [];

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-exports-crash-'));
  world = await insertFollowedUser(FOLLOWERS);
});

afterAll(async () => {
  await cancelUnfinishedExports(accounts);
  for (const server of servers) await server.stop();
  await world?.remove();
  // After the servers stopped: they gave back their credit leases.
  await expectLedgersBalanced();
  fs.rmSync(directory, { recursive: true, force: true });
});

function runnerEnv(runner: 'on' | 'off'): Record<string, string> {
  return { ...SWEEPS, PERCH_EXPORT_RUNNER: runner, PERCH_EXPORT_DIR: directory, PERCH_EXPORT_LEASE_MS: '2000', PERCH_EXPORT_SWEEP_MS: '300' };
}

async function start(runner: 'on' | 'off'): Promise<RunningServer> {
  const server = await startServer(process.env.DATABASE_URL!, runnerEnv(runner));
  servers.push(server);
  return server;
}

async function createExport(server: RunningServer, account: ApiAccount, body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${server.url}/v2/exports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return (JSON.parse(text) as { data: { id: string } }).data.id;
}

async function chargedTo(userId: string): Promise<number> {
  const { rows } = await getPool().query<{ n: string }>('SELECT coalesce(sum(credits), 0)::text AS n FROM usage_events WHERE user_id = $1', [userId]);
  return Number(rows[0].n);
}

describe('kill -9 of the server running an export', () => {
  it('other servers finish it: the file equals an uninterrupted export, each item charged once', { timeout: 20 * 60_000 }, async () => {
    const account = await createApiAccount({ label: 'export-crash' });
    accounts.push(account.userId);
    await addWebhookEndpoint(account.userId);
    // Holds the server copy (tests/support/api-server.ts) between the kill and the restart, and
    // serves the API calls; it runs no exports.
    const front = await start('off');
    const doomed = await start('on');
    const body = { operation: 'getUserFollowers', params: { username: world.username }, format: 'jsonl' };

    const id = await createExport(front, account, body);
    const caught = await waitForExport(id, (row) => Number(row.items) > 0, 120_000);
    await doomed.kill();
    const atKill = await exportRow(id);
    // Mid-export: pages committed, more to come, the dead server's lease still on it.
    expect({ status: atKill.status, midway: Number(atKill.items) > 0 && Number(atKill.items) < FOLLOWERS }).toEqual({ status: 'running', midway: true });
    expect(Number(caught.items) % 1000).toBe(0);
    console.log(`[exports-crash] killed at ${atKill.items} of ${FOLLOWERS} items (${atKill.pages} pages)`);

    // Two servers take over: their sweepers and workers race for the export, its claim lets one page at a time.
    await start('on');
    await start('on');
    const done = await waitForExport(id, (row) => row.status !== 'running' && row.status !== 'queued', 300_000);
    expect({ status: done.status, stop: done.stop_reason, items: Number(done.items), credits: Number(done.credits_charged), epoch: done.epoch > atKill.epoch }).toEqual({
      status: 'completed',
      stop: 'exhausted',
      items: FOLLOWERS,
      credits: FOLLOWERS * Number(done.unit_price),
      epoch: true,
    });
    const resumed = committedFile(directory, done);
    expect(fs.statSync(path.join(directory, `export-${id}.jsonl`)).size).toBe(Number(done.file_bytes));
    const ids = jsonlRecords(resumed).map((record) => (record as { id: string }).id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(world.followerIds);

    // The same export again, uninterrupted, on the surviving server.
    const againId = await createExport(front, account, body);
    const again = await waitForExport(againId, (row) => row.status === 'completed', 300_000);
    expect(Number(again.items)).toBe(FOLLOWERS);
    const uninterrupted = committedFile(directory, again);
    expect(resumed.length).toBe(uninterrupted.length);
    expect(resumed.equals(uninterrupted)).toBe(true);

    // The page in flight at the kill was held, never charged: the sweeper refunds its hold.
    await waitFor(async () => (await openHolds(account.userId)) === 0, 60_000);
    for (const exportId of [id, againId]) {
      const row = await exportRow(exportId);
      expect(await exportUsage(exportId)).toEqual({ pages: row.pages, items: Number(row.items), credits: Number(row.credits_charged) });
    }
    // Each export ended once: one end event each, whatever died on the way.
    expect(await endEvents(id)).toEqual(['export.completed']);
    expect(await endEvents(againId)).toEqual(['export.completed']);
    // Creating and following exports is free: everything charged is the two exports' items.
    expect(await chargedTo(account.userId)).toBe(2 * FOLLOWERS * Number(done.unit_price));
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedHandle } from '@/lib/db/embedded-postgres';
import { closePool, getPool } from '@/lib/db/pool';
import { runningPostmaster, startPostmaster, stopPostmaster } from '@/lib/db/postmaster';
import { freePort } from '@/lib/server/free-port';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { startServer, type RunningServer } from '../support/api-server';
import { committedFile, exportRow, exportUsage, insertFollowedUser, jsonlRecords, openHolds, waitForExport } from '../support/export-world';

// kill -9 of PostgreSQL mid-export (issue 29, "exactly once, resumable"), on a PostgreSQL this
// file starts for itself (never the machine's shared one): the server's runner loses its claim
// and its database; once PostgreSQL is back the export resumes from its last committed page and
// finishes exactly once, its file equal to an uninterrupted export's.

const FOLLOWERS = 40_000;
const SWEEPS = { PERCH_HOLD_SWEEP_AGE_MS: '3000', PERCH_HOLD_SWEEP_INTERVAL_MS: '500', PERCH_LEASE_TTL_MS: '2000', PERCH_AUTO_SEED: '1', PERCH_SEED_SCALE: 'test' };

let dataDir: string | undefined;
let directory: string | undefined;
const servers: RunningServer[] = [];

afterAll(async () => {
  for (const server of servers) await server.stop();
  await expectLedgersBalanced();
  await closePool();
  if (dataDir) {
    await stopPostmaster(path.join(dataDir, 'postgres')).catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (directory) fs.rmSync(directory, { recursive: true, force: true });
});

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

describe('kill -9 of PostgreSQL mid-export', () => {
  it('the export resumes once PostgreSQL is back and finishes exactly once', { timeout: 20 * 60_000 }, async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-exports-pg-'));
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-exports-pg-files-'));
    const dbPort = await freePort();
    const database: EmbeddedHandle = await startEmbeddedPostgres({ dataDir, port: dbPort, database: 'perch' });
    const clusterDir = path.join(dataDir, 'postgres');
    const server = await startServer(database.url, {
      ...SWEEPS,
      PERCH_EXPORT_DIR: directory,
      PERCH_EXPORT_LEASE_MS: '2000',
      PERCH_EXPORT_SWEEP_MS: '300',
    });
    servers.push(server);
    // This file's own queries (accounts, checks) go to the cluster it kills.
    await closePool();
    process.env.DATABASE_URL = database.url;
    const world = await insertFollowedUser(FOLLOWERS);
    const account = await createApiAccount({ label: 'export-pg-kill' });
    const body = { operation: 'getUserFollowers', params: { username: world.username }, format: 'jsonl' };

    const id = await createExport(server, account, body);
    await waitForExport(id, (row) => Number(row.items) > 0, 120_000);
    process.kill(runningPostmaster(clusterDir)!.pid, 'SIGKILL');
    await closePool();
    // Its old backends may hold the shared memory for a moment after the kill.
    await waitFor(async () => {
      await startPostmaster(clusterDir, dbPort).catch(() => undefined);
      return runningPostmaster(clusterDir) !== null;
    }, 60_000);
    const afterRestart = await exportRow(id);
    console.log(`[exports-pg] PostgreSQL restarted with the export at ${afterRestart.items} of ${FOLLOWERS} items (${afterRestart.status})`);
    expect(Number(afterRestart.items)).toBeLessThan(FOLLOWERS);

    const done = await waitForExport(id, (row) => row.status !== 'running' && row.status !== 'queued', 300_000);
    expect({ status: done.status, items: Number(done.items), credits: Number(done.credits_charged) }).toEqual({ status: 'completed', items: FOLLOWERS, credits: FOLLOWERS });
    const resumed = committedFile(directory, done);
    expect(fs.statSync(path.join(directory, `export-${id}.jsonl`)).size).toBe(resumed.length);
    expect(jsonlRecords(resumed).map((record) => (record as { id: string }).id)).toEqual(world.followerIds);

    const againId = await createExport(server, account, body);
    const again = await waitForExport(againId, (row) => row.status === 'completed', 300_000);
    expect(resumed.equals(committedFile(directory, again))).toBe(true);

    await waitFor(async () => (await openHolds(account.userId)) === 0, 60_000);
    for (const exportId of [id, againId]) {
      const row = await exportRow(exportId);
      expect(await exportUsage(exportId)).toEqual({ pages: row.pages, items: Number(row.items), credits: Number(row.credits_charged) });
    }
    const { rows } = await getPool().query<{ n: string }>('SELECT coalesce(sum(credits), 0)::text AS n FROM usage_events WHERE user_id = $1', [account.userId]);
    expect(Number(rows[0].n)).toBe(2 * FOLLOWERS);
  });
});

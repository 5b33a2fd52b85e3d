import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runMigrations } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExportRunner } from '@/lib/api/exports/export-jobs';
import { runExportSlice, type ExportRunOptions } from '@/lib/api/exports/run-export';
import { sweepStaleHolds } from '@/lib/credits/sweep-stale-holds';
import { getPool } from '@/lib/db/pool';
import type { ExportStorage } from '@/lib/exports/export-storage';
import { localExportStorage } from '@/lib/exports/local-export-storage';
import { getServedPlatforms } from '@/lib/platform/served-platforms';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { addWebhookEndpoint, cancelUnfinishedExports, committedFile, endEvents, exportRow, exportUsage, insertFollowedUser, jsonlRecords, openHolds, waitForExport, type FollowedUser } from '../support/export-world';

// Two runners on one export (issue 29, "exactly once"): the one whose lease lapsed while it was
// stalled must not touch the file again once another has taken the export over. The epoch fences
// the database; this checks that it fences the file too.

const FOLLOWERS = 5_000; // 5 pages of 1,000

let directory: string;
let world: FollowedUser;
const accounts: string[] = [];

beforeAll(async () => {
  await runMigrations({ connectionString: process.env.DATABASE_URL });
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-exports-runner-'));
  world = await insertFollowedUser(FOLLOWERS);
});

afterAll(async () => {
  await cancelUnfinishedExports(accounts);
  await world?.remove();
  await expectLedgersBalanced();
  fs.rmSync(directory, { recursive: true, force: true });
});

function options(owner: string, leaseMs: number, storage: ExportStorage = localExportStorage(directory)): ExportRunOptions {
  return { owner, leaseMs, sliceMs: 600_000, failAfterMs: 3_600_000, pageTimeoutMs: 30_000, storage, served: getServedPlatforms(), requeue: async () => undefined };
}

async function newExport(label: string, format: 'jsonl' | 'csv' = 'jsonl'): Promise<{ account: ApiAccount; id: string }> {
  const account = await createApiAccount({ label });
  accounts.push(account.userId);
  const created = await account.call('POST', '/v2/exports', { body: { operation: 'getUserFollowers', params: { username: world.username }, format } });
  expect(created.status, created.text).toBe(200);
  return { account, id: created.body.data.id };
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Whether a statement of the claim (UPDATE exports SET epoch …) waits on a lock. */
async function claimWaitsOnLock(): Promise<boolean> {
  const { rows } = await getPool().query(`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%SET epoch = epoch + 1%'`);
  return rows.length > 0;
}

describe('two runners racing on one export', () => {
  it('a runner stalled past its lease writes no page over the one that took it over', async () => {
    const { account, id } = await newExport('export-race');
    await addWebhookEndpoint(account.userId);
    // The first runner stalls in its second page's write, as a slow disk or a long pause would.
    const stalled = gate();
    const release = gate();
    const disk = localExportStorage(directory);
    let writes = 0;
    const stalling: ExportStorage = {
      ...disk,
      writeAt: async (name, offset, data) => {
        writes += 1;
        if (writes === 2) {
          stalled.open();
          await release.opened;
        }
        await disk.writeAt(name, offset, data);
      },
    };
    const first = runExportSlice(id, options('stalled-runner', 300, stalling));
    await stalled.opened;
    await waitFor(async () => (await getPool().query('SELECT 1 FROM exports WHERE id = $1 AND lease_until < now()', [id])).rowCount === 1, 10_000);

    // The second runner finds the lease lapsed. Either it takes the export over and finishes it
    // (and the stalled one must then write nothing), or it waits for the stalled one's page.
    const second = runExportSlice(id, options('second-runner', 60_000));
    let secondDone = false;
    void second.finally(() => (secondDone = true));
    await waitFor(async () => secondDone || (await claimWaitsOnLock()), 30_000);
    release.open();
    const outcomes = [await first, await second];
    // Whichever runner was left with it, the export runs to its end.
    for (let slice = 0; (await exportRow(id)).status !== 'completed' && slice < 5; slice++) await runExportSlice(id, options('third-runner', 60_000));

    const row = await exportRow(id);
    expect({ outcomes: outcomes.sort(), status: row.status, items: Number(row.items) }).toEqual({
      outcomes: expect.arrayContaining(['ended']),
      status: 'completed',
      items: FOLLOWERS,
    });
    const file = fs.readFileSync(path.join(directory, `export-${id}.jsonl`));
    expect(file.length).toBe(Number(row.file_bytes));
    const ids = jsonlRecords(committedFile(directory, row)).map((record) => (record as { id: string }).id);
    expect(ids).toEqual(world.followerIds);
    expect(await exportUsage(id)).toEqual({ pages: row.pages, items: FOLLOWERS, credits: FOLLOWERS * Number(row.unit_price) });
    expect(row.pages).toBe(FOLLOWERS / 1000);
    expect(await openHolds(account.userId)).toBe(0);
    // Ended once, so one webhook event.
    expect(await endEvents(id)).toEqual(['export.completed']);
  });
});

describe('a runner that dies between writing a page and committing it', () => {
  it('leaves a CSV file that, finished by the next runner, equals an uninterrupted export: one header, no page twice', async () => {
    const { account, id } = await newExport('export-die-after-write', 'csv');
    await addWebhookEndpoint(account.userId);
    const disk = localExportStorage(directory);
    let writes = 0;
    // The process "dies" right after its page is on disk: the first page (with the header) and the third.
    const dying: ExportStorage = {
      ...disk,
      writeAt: async (name, offset, data) => {
        writes += 1;
        await disk.writeAt(name, offset, data);
        if (writes === 1 || writes === 3) throw new Error('killed after the write');
      },
    };
    for (let run = 0; run < 10 && (await exportRow(id)).status !== 'completed'; run++) {
      await runExportSlice(id, options(`dying-${run}`, 60_000, dying)).catch((error: Error) => expect(error.message).toBe('killed after the write'));
    }
    expect(writes).toBe(FOLLOWERS / 1000 + 2);
    const { id: againId } = await newExport('export-uninterrupted', 'csv');
    expect(await runExportSlice(againId, options('whole', 60_000))).toBe('ended');

    const row = await exportRow(id);
    const again = await exportRow(againId);
    expect({ status: row.status, items: Number(row.items), pages: row.pages }).toEqual({ status: 'completed', items: FOLLOWERS, pages: FOLLOWERS / 1000 });
    const file = fs.readFileSync(path.join(directory, `export-${id}.csv`));
    expect(file.length).toBe(Number(row.file_bytes));
    expect(file.equals(fs.readFileSync(path.join(directory, `export-${againId}.csv`)))).toBe(true);
    expect(await endEvents(id)).toEqual(['export.completed']);
    expect(file.toString('utf8').split('\n').filter((line) => line.startsWith('id,')).length).toBe(1);
    expect(await exportUsage(id)).toEqual(await exportUsage(againId));
    expect(Number(again.credits_charged)).toBe(FOLLOWERS);
    // The dead runs' holds were never settled: the stale-hold sweeper refunds them in full.
    expect(await openHolds(account.userId)).toBe(2);
    await sweepStaleHolds(0);
    expect(await openHolds(account.userId)).toBe(0);
  });
});

describe('an instance that stops mid-export', () => {
  it('gives its claim back as it stops, so another instance goes on at once rather than after the lease', async () => {
    const saved = { lease: process.env.PERCH_EXPORT_LEASE_MS, slice: process.env.PERCH_EXPORT_SLICE_MS };
    // A lease far longer than the test: were the claim kept, nobody could go on for ten minutes.
    process.env.PERCH_EXPORT_LEASE_MS = '600000';
    process.env.PERCH_EXPORT_SLICE_MS = '600000';
    const big = await insertFollowedUser(40_000);
    try {
      const account = await createApiAccount({ label: 'export-stop' });
      accounts.push(account.userId);
      const runner = await startExportRunner(getServedPlatforms(), localExportStorage(directory));
      const created = await account.call('POST', '/v2/exports', { body: { operation: 'getUserFollowerIds', params: { username: big.username } } });
      expect(created.status, created.text).toBe(200);
      const id = created.body.data.id;
      await waitForExport(id, (row) => Number(row.items) > 0);
      const stopping = Date.now();
      await runner.stop();
      const stopped = await exportRow(id);
      const lease = (await getPool().query('SELECT lease_owner, lease_until FROM exports WHERE id = $1', [id])).rows[0];
      console.log(`[exports-runner] stopped in ${Date.now() - stopping} ms at ${stopped.items} items (${stopped.status}), lease ${JSON.stringify(lease)}`);
      expect(Number(stopped.items)).toBeLessThan(40_000);
      // Not its runner's any more: the next claim (any instance's) takes it now.
      expect(await runExportSlice(id, options('next-instance', 60_000))).toBe('ended');
      const row = await exportRow(id);
      expect({ status: row.status, items: Number(row.items) }).toEqual({ status: 'completed', items: 40_000 });
      expect(jsonlRecords(committedFile(directory, row))).toEqual(big.followerIds);
    } finally {
      process.env.PERCH_EXPORT_LEASE_MS = saved.lease;
      process.env.PERCH_EXPORT_SLICE_MS = saved.slice;
      if (saved.lease === undefined) delete process.env.PERCH_EXPORT_LEASE_MS;
      if (saved.slice === undefined) delete process.env.PERCH_EXPORT_SLICE_MS;
      await big.remove();
    }
  });
});

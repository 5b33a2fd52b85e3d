import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runMigrations } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExportSlice, type ExportRunOptions } from '@/lib/api/exports/run-export';
import { startExportRunner } from '@/lib/api/exports/export-jobs';
import { grantCredits } from '@/lib/credits';
import { getPool } from '@/lib/db/pool';
import { exportsToRun } from '@/lib/exports/export-runs';
import { closeWorkspace } from '@/lib/workspaces/close-workspace';
import { localExportStorage } from '@/lib/exports/local-export-storage';
import { getServedPlatforms, type ServedPlatforms } from '@/lib/platform/served-platforms';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { cancelUnfinishedExports, exportRow, exportUsage, insertFollowedUser, openHolds, servedWith, type FollowedUser } from '../support/export-world';

// Who may see and stop an export (issue 29: "another account's export is a 404"), what cancel
// and delete leave behind, and retention. Exports run slice by slice in this process.

const FOLLOWERS = 3_000;

let directory: string;
let world: FollowedUser;
const accounts: string[] = [];

beforeAll(async () => {
  await runMigrations({ connectionString: process.env.DATABASE_URL });
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-exports-access-'));
  // The API's delete and download use the process's storage: the same directory.
  process.env.PERCH_EXPORT_DIR = directory;
  world = await insertFollowedUser(FOLLOWERS);
});

afterAll(async () => {
  await cancelUnfinishedExports(accounts);
  await world?.remove();
  await expectLedgersBalanced();
  fs.rmSync(directory, { recursive: true, force: true });
});

function options(served: ServedPlatforms = getServedPlatforms()): ExportRunOptions {
  return { owner: 'access-test', leaseMs: 60_000, sliceMs: 600_000, failAfterMs: 3_600_000, pageTimeoutMs: 30_000, storage: localExportStorage(directory), served, requeue: async () => undefined };
}

async function account(label: string): Promise<ApiAccount> {
  const made = await createApiAccount({ label });
  accounts.push(made.userId);
  return made;
}

async function createExport(owner: ApiAccount, body: Record<string, unknown> = {}): Promise<string> {
  const created = await owner.call('POST', '/v2/exports', { body: { operation: 'getUserFollowers', params: { username: world.username }, format: 'jsonl', ...body } });
  expect(created.status, created.text).toBe(200);
  return created.body.data.id;
}

const fileOf = (id: string) => path.join(directory, `export-${id}.jsonl`);

describe("another workspace's export", () => {
  it('is a 404 on get, cancel, delete, download and events, and stays as it was', async () => {
    const owner = await account('export-owner');
    const stranger = await account('export-stranger');
    const id = await createExport(owner);
    expect(await runExportSlice(id, options())).toBe('ended');
    const before = await exportRow(id);
    const attempts: [string, string][] = [
      ['GET', `/v2/exports/${id}`],
      ['POST', `/v2/exports/${id}/cancel`],
      ['DELETE', `/v2/exports/${id}`],
      ['GET', `/v2/exports/${id}/download`],
      ['GET', `/v2/exports/${id}/events`],
    ];
    for (const [method, url] of attempts) {
      const answer = await stranger.call(method, url);
      expect({ url: `${method} ${url}`, status: answer.status, code: answer.body.error?.code, message: answer.body.error?.message }).toEqual({
        url: `${method} ${url}`,
        status: 404,
        code: 'not_found',
        message: `no export ${id} in this workspace`,
      });
    }
    expect(await exportRow(id)).toEqual(before);
    expect(fs.statSync(fileOf(id)).size).toBe(Number(before.file_bytes));
    expect((await owner.call('GET', `/v2/exports/${id}`)).status).toBe(200);
  });

  it("lists only the workspace's own exports", async () => {
    const first = await account('export-list-a');
    const second = await account('export-list-b');
    const mine = [await createExport(first), await createExport(first, { format: 'csv' })];
    const theirs = await createExport(second);
    const list = await first.call('GET', '/v2/exports', { query: { count: 100 } });
    expect(list.status).toBe(200);
    expect(list.body.data.map((job: { id: string }) => job.id)).toEqual([...mine].reverse());
    const other = await second.call('GET', '/v2/exports', { query: { count: 100 } });
    expect(other.body.data.map((job: { id: string }) => job.id)).toEqual([theirs]);
    // Paged one at a time, the same two.
    const page1 = await first.call('GET', '/v2/exports', { query: { count: 1 } });
    const page2 = await first.call('GET', '/v2/exports', { query: { count: 1, cursor: page1.body.meta.next_cursor } });
    expect([...page1.body.data, ...page2.body.data].map((job: { id: string }) => job.id)).toEqual([...mine].reverse());
    expect(page2.body.meta.next_cursor ?? null).toBeNull();
  });
});

describe('cancel and delete', () => {
  it('cancel of a running export stops it: the page in flight is neither written nor charged', async () => {
    const owner = await account('export-cancel');
    const id = await createExport(owner);
    let reads = 0;
    // The cancel commits while the runner reads its second page.
    const served = servedWith('getUserFollowers', (original) => async (...args) => {
      reads += 1;
      if (reads === 2) {
        const cancelled = await owner.call('POST', `/v2/exports/${id}/cancel`);
        expect(cancelled.body.data).toMatchObject({ status: 'cancelled', items: 1_000 });
      }
      return original(...args);
    });
    expect(await runExportSlice(id, options(served))).toBe('lost');
    const row = await exportRow(id);
    expect({ status: row.status, items: Number(row.items), credits: Number(row.credits_charged), pages: row.pages }).toEqual({ status: 'cancelled', items: 1_000, credits: 1_000, pages: 1 });
    expect(await exportUsage(id)).toEqual({ pages: 1, items: 1_000, credits: 1_000 });
    expect(await openHolds(owner.userId)).toBe(0);
    expect(fs.statSync(fileOf(id)).size).toBe(Number(row.file_bytes));
    // A cancelled export is not run again, and a second cancel answers it as it is.
    expect(await runExportSlice(id, options())).toBe('not_claimed');
    expect((await owner.call('POST', `/v2/exports/${id}/cancel`)).body.data).toMatchObject({ status: 'cancelled', items: 1_000 });
  });

  it('delete removes the file and the record', async () => {
    const owner = await account('export-delete');
    const id = await createExport(owner);
    expect(await runExportSlice(id, options())).toBe('ended');
    expect(fs.existsSync(fileOf(id))).toBe(true);
    const deleted = await owner.call('DELETE', `/v2/exports/${id}`);
    expect({ status: deleted.status, data: deleted.body.data }).toEqual({ status: 200, data: { id, deleted: true } });
    expect(fs.existsSync(fileOf(id))).toBe(false);
    expect((await owner.call('GET', `/v2/exports/${id}`)).status).toBe(404);
    expect((await owner.call('GET', `/v2/exports/${id}/download`)).status).toBe(404);
    expect((await owner.call('DELETE', `/v2/exports/${id}`)).status).toBe(404);
  });
});

describe('delete while running', () => {
  it('stops the export: the page in flight is not charged and no file is left behind', async () => {
    const owner = await account('export-delete-running');
    const id = await createExport(owner);
    let reads = 0;
    const served = servedWith('getUserFollowers', (original) => async (...args) => {
      reads += 1;
      if (reads === 2) expect((await owner.call('DELETE', `/v2/exports/${id}`)).status).toBe(200);
      return original(...args);
    });
    expect(await runExportSlice(id, options(served))).toBe('lost');
    expect(fs.existsSync(fileOf(id))).toBe(false);
    expect(await exportUsage(id)).toEqual({ pages: 1, items: 1_000, credits: 1_000 });
    expect(await openHolds(owner.userId)).toBe(0);
  });
});

describe('a file lost under a paused export', () => {
  it('fails the export with file_lost when it would go on, rather than write a file missing its start', async () => {
    const owner = await createApiAccount({ label: 'export-file-lost', credits: 1_000 });
    accounts.push(owner.userId);
    const id = await createExport(owner);
    expect(await runExportSlice(id, options())).toBe('paused');
    expect(Number((await exportRow(id)).items)).toBe(1_000);
    fs.rmSync(fileOf(id));
    await grantCredits(owner.userId, 10_000, 'go on');
    expect(await exportsToRun()).toContain(id);
    expect(await runExportSlice(id, options())).toBe('ended');
    const row = await exportRow(id);
    expect({ status: row.status, code: row.error_code, items: Number(row.items) }).toEqual({ status: 'failed', code: 'file_lost', items: 1_000 });
    expect(await exportUsage(id)).toEqual({ pages: 1, items: 1_000, credits: 1_000 });
    expect(await openHolds(owner.userId)).toBe(0);
  });
});

describe('a closed workspace', () => {
  it("cancels its unfinished exports at the sweeper's next pass instead of queuing them for ever", async () => {
    const owner = await createApiAccount({ label: 'export-closed', credits: 1_000 });
    accounts.push(owner.userId);
    const queued = await createExport(owner);
    const paused = await createExport(owner);
    expect(await runExportSlice(paused, options())).toBe('paused');
    await grantCredits(owner.userId, 10_000, 'before closing');
    expect(await closeWorkspace(owner.userId)).toBe(true);
    const toRun = await exportsToRun();
    expect(toRun).not.toContain(queued);
    expect(toRun).not.toContain(paused);
    for (const id of [queued, paused]) {
      const row = await exportRow(id);
      expect({ id, status: row.status, finished: row.finished_at !== null }).toEqual({ id, status: 'cancelled', finished: true });
    }
    expect(await runExportSlice(queued, options())).toBe('not_claimed');
  });
});

describe('retention', () => {
  it('the sweeper deletes finished exports older than PERCH_EXPORT_RETENTION_DAYS with their files, and keeps the rest', async () => {
    const owner = await account('export-retention');
    const expired = await createExport(owner, { max_items: 10 });
    const kept = await createExport(owner, { max_items: 10 });
    const unfinished = await createExport(owner, { max_items: 10 });
    for (const id of [expired, kept]) expect(await runExportSlice(id, options())).toBe('ended');
    expect((await owner.call('GET', `/v2/exports/${expired}`)).body.data.expires_at).toBe(
      new Date((await exportRow(expired)).finished_at!.getTime() + 7 * 86_400_000).toISOString(),
    );
    await getPool().query(`UPDATE exports SET finished_at = now() - interval '8 days' WHERE id = $1`, [expired]);
    await getPool().query(`UPDATE exports SET finished_at = now() - interval '6 days' WHERE id = $1`, [kept]);
    await getPool().query(`UPDATE exports SET created_at = now() - interval '30 days' WHERE id = $1`, [unfinished]);
    // Cancelled exports finished now: kept too. The one left queued stays queued for the runner below.
    await cancelUnfinishedExports(accounts.filter((id) => id !== owner.userId));

    const runner = await startExportRunner(getServedPlatforms(), localExportStorage(directory));
    try {
      // The sweeper's first pass cleans up at once; the queued export runs meanwhile.
      const deadline = Date.now() + 30_000;
      while ((await getPool().query('SELECT 1 FROM exports WHERE id = $1', [expired])).rowCount !== 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await runner.stop();
    }
    expect((await owner.call('GET', `/v2/exports/${expired}`)).status).toBe(404);
    expect(fs.existsSync(fileOf(expired))).toBe(false);
    expect((await owner.call('GET', `/v2/exports/${kept}`)).status).toBe(200);
    expect(fs.existsSync(fileOf(kept))).toBe(true);
    expect((await owner.call('GET', `/v2/exports/${unfinished}`)).status).toBe(200);
  });
});

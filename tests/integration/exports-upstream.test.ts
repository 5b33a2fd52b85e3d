import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runMigrations } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExportSlice, type ExportRunOptions } from '@/lib/api/exports/run-export';
import { getPool } from '@/lib/db/pool';
import { exportsToRun } from '@/lib/exports/export-runs';
import { localExportStorage } from '@/lib/exports/local-export-storage';
import { NotFoundError, UnavailableError, UpstreamRateLimitedError } from '@/lib/platform/errors';
import type { ServedPlatforms } from '@/lib/platform/served-platforms';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { cancelUnfinishedExports, committedFile, exportRow, exportUsage, insertFollowedUser, jsonlRecords, openHolds, servedWith, type FollowedUser } from '../support/export-world';

// An upstream that fails mid-export (issue 29: "upstream 429s wait for the reset and go on; a
// job never fails for a transient upstream error within an hour"): the local platform wrapped
// so that its follower page throws on the second read, the export run slice by slice here.

const FOLLOWERS = 3_000;

let directory: string;
let world: FollowedUser;
const accounts: string[] = [];

beforeAll(async () => {
  await runMigrations({ connectionString: process.env.DATABASE_URL });
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-exports-upstream-'));
  world = await insertFollowedUser(FOLLOWERS);
});

afterAll(async () => {
  await cancelUnfinishedExports(accounts);
  await world?.remove();
  await expectLedgersBalanced();
  fs.rmSync(directory, { recursive: true, force: true });
});

type Requeue = { id: string; runAt?: Date };

function options(served: ServedPlatforms, requeued: Requeue[] = [], failAfterMs = 3_600_000): ExportRunOptions {
  return {
    owner: 'upstream-test',
    leaseMs: 60_000,
    sliceMs: 600_000,
    failAfterMs,
    pageTimeoutMs: 30_000,
    storage: localExportStorage(directory),
    served,
    requeue: async (id, runAt) => void requeued.push({ id, runAt }),
  };
}

/** Follower pages that throw `error()` on the reads `failing` names (1-based), and read normally otherwise. */
function failingOn(failing: (read: number) => boolean, error: () => Error): ServedPlatforms {
  let reads = 0;
  return servedWith('getUserFollowers', (original) => async (...args) => {
    reads += 1;
    if (failing(reads)) throw error();
    return original(...args);
  });
}

async function newExport(label: string): Promise<{ owner: ApiAccount; id: string }> {
  const owner = await createApiAccount({ label });
  accounts.push(owner.userId);
  const created = await owner.call('POST', '/v2/exports', { body: { operation: 'getUserFollowers', params: { username: world.username }, format: 'jsonl' } });
  expect(created.status, created.text).toBe(200);
  return { owner, id: created.body.data.id };
}

/** Failed reads were logged with their status and charged nothing. */
async function failedReads(id: string): Promise<{ status: number; credits: number; error_code: string | null }[]> {
  const { rows } = await getPool().query(
    `SELECT status, credits::int AS credits, error_code FROM usage_events WHERE source = 'export' AND params->>'export_id' = $1 AND status <> 200 ORDER BY id`,
    [id],
  );
  return rows;
}

/** After the pause: what the sweeper does once it has passed, then a slice to the end. */
async function resumeAndFinish(id: string, served: ServedPlatforms): Promise<void> {
  await waitFor(async () => (await exportsToRun()).includes(id), 30_000);
  expect(await runExportSlice(id, options(served))).toBe('ended');
}

async function expectCompleteAndChargedOnce(id: string, userId: string): Promise<void> {
  const row = await exportRow(id);
  expect({ status: row.status, items: Number(row.items), credits: Number(row.credits_charged), paused: row.paused_reason, failing: row.failing_since }).toEqual({
    status: 'completed',
    items: FOLLOWERS,
    credits: FOLLOWERS,
    paused: null,
    failing: null,
  });
  expect(jsonlRecords(committedFile(directory, row)).map((record) => (record as { id: string }).id)).toEqual(world.followerIds);
  expect(await exportUsage(id)).toEqual({ pages: row.pages, items: FOLLOWERS, credits: FOLLOWERS });
  expect(await openHolds(userId)).toBe(0);
}

describe('an upstream rate limit mid-export', () => {
  it('pauses rate_limited until the reset, charges nothing for the refused page, then goes on', async () => {
    const { owner, id } = await newExport('export-429');
    const served = failingOn((read) => read === 2, () => new UpstreamRateLimitedError('upstream rate limit', 1));
    const requeued: Requeue[] = [];
    const before = new Date();
    expect(await runExportSlice(id, options(served, requeued))).toBe('paused');
    const paused = await exportRow(id);
    expect({ status: paused.status, reason: paused.paused_reason, items: Number(paused.items) }).toEqual({ status: 'paused', reason: 'rate_limited', items: 1_000 });
    // Resumes at the upstream's reset (1 s after the refusal), and the job queue is told so.
    expect(paused.resume_at!.getTime()).toBeGreaterThan(before.getTime());
    expect(paused.resume_at!.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(requeued).toEqual([{ id, runAt: paused.resume_at }]);
    expect(await failedReads(id)).toEqual([{ status: 429, credits: 0, error_code: 'rate_limited' }]);
    expect(Number(paused.credits_charged)).toBe(1_000);
    expect(await openHolds(owner.userId)).toBe(0);
    // Not before its reset.
    expect(await runExportSlice(id, options(served))).toBe('not_claimed');
    await resumeAndFinish(id, served);
    await expectCompleteAndChargedOnce(id, owner.userId);
  });
});

describe('a transient upstream failure', () => {
  it('pauses upstream_unavailable with a backoff, then goes on', async () => {
    const { owner, id } = await newExport('export-503');
    const served = failingOn((read) => read === 2, () => new UnavailableError('upstream timed out'));
    const failedAt = Date.now();
    expect(await runExportSlice(id, options(served))).toBe('paused');
    const paused = await exportRow(id);
    expect({ reason: paused.paused_reason, items: Number(paused.items), failing: paused.failing_since !== null }).toEqual({ reason: 'upstream_unavailable', items: 1_000, failing: true });
    // The first retry 5 s later (doubling after).
    expect(paused.resume_at!.getTime()).toBeGreaterThanOrEqual(failedAt + 5_000 - 1_000);
    expect(await failedReads(id)).toEqual([{ status: 503, credits: 0, error_code: 'unavailable' }]);
    // The backoff passes (moved, not waited for).
    await getPool().query('UPDATE exports SET resume_at = now() WHERE id = $1', [id]);
    await resumeAndFinish(id, served);
    await expectCompleteAndChargedOnce(id, owner.userId);
  });

  it('fails the export with the error once it has failed for longer than the fail-after time', async () => {
    const { owner, id } = await newExport('export-503-for-good');
    const served = failingOn((read) => read >= 2, () => new UnavailableError('upstream is down'));
    const failAfterMs = 1_000;
    expect(await runExportSlice(id, options(served, [], failAfterMs))).toBe('paused');
    const first = await exportRow(id);
    // Still failing after the fail-after time: the next try ends it.
    await waitFor(async () => (await getPool().query('SELECT 1 FROM exports WHERE id = $1 AND failing_since < now() - interval \'1100 milliseconds\'', [id])).rowCount === 1, 10_000);
    await getPool().query('UPDATE exports SET resume_at = now() WHERE id = $1', [id]);
    await waitFor(async () => (await exportsToRun()).includes(id), 30_000);
    expect(await runExportSlice(id, options(served, [], failAfterMs))).toBe('ended');
    const failed = await exportRow(id);
    expect({ status: failed.status, code: failed.error_code, items: Number(failed.items), credits: Number(failed.credits_charged) }).toEqual({
      status: 'failed',
      code: 'unavailable',
      items: Number(first.items),
      credits: Number(first.credits_charged),
    });
    expect(failed.error_message).toContain('upstream is down');
    expect((await owner.call('GET', `/v2/exports/${id}`)).body.data.error).toEqual({ code: 'unavailable', message: failed.error_message });
    expect(await failedReads(id)).toHaveLength(2);
    expect(await openHolds(owner.userId)).toBe(0);
  });
});

describe('the subject deleted mid-export', () => {
  it('fails the export at once with not_found, keeping the pages it had', async () => {
    const { owner, id } = await newExport('export-404');
    const served = failingOn((read) => read === 2, () => new NotFoundError('user'));
    expect(await runExportSlice(id, options(served))).toBe('ended');
    const failed = await exportRow(id);
    expect({ status: failed.status, code: failed.error_code, items: Number(failed.items), credits: Number(failed.credits_charged) }).toEqual({
      status: 'failed',
      code: 'not_found',
      items: 1_000,
      credits: 1_000,
    });
    expect(jsonlRecords(committedFile(directory, failed)).map((record) => (record as { id: string }).id)).toEqual(world.followerIds.slice(0, 1_000));
    expect(await failedReads(id)).toEqual([{ status: 404, credits: 0, error_code: 'not_found' }]);
    expect(await openHolds(owner.userId)).toBe(0);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runMigrations } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '@/lib/api/dispatch';
import { runExportSlice, type ExportRunOptions } from '@/lib/api/exports/run-export';
import { grantCredits } from '@/lib/credits';
import { exportsToRun } from '@/lib/exports/export-runs';
import { exportFileName } from '@/lib/exports/export-storage';
import { exportStorage } from '@/lib/exports/storage-instance';
import { getServedPlatforms } from '@/lib/platform/served-platforms';
import { ExportCancelledError, ExportFailedError, NotFoundError, Perch, PerchError } from '@perch/client';
import type { ExportJob, User } from '@perch/client';
import { API_ORIGIN, createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { userWithMost } from '../support/api-subjects';

// perch.exports of the TypeScript client against the real API in this process (its fetch is
// dispatch: every request goes through authentication, validation and the handlers), with the
// export runner driven by hand between reads, so "while the export runs" is a state the test
// sets rather than a race it hopes to win.

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-client-exports-'));
// Before the first exportStorage(): the handlers and the runner below share this directory.
process.env.PERCH_EXPORT_DIR = directory;

let options: ExportRunOptions;
let rich: ApiAccount;
let username: string;
let byHand: User[];
const made: Array<{ perch: Perch; id: string }> = [];

/** A client of `account` whose requests are dispatched in this process. */
function clientOf(account: ApiAccount): Perch {
  return new Perch({ apiKey: account.key, baseUrl: API_ORIGIN, fetch: (url, init) => dispatch(new Request(url, init)), maxRetries: 0 });
}

/** Runs slices until the export pauses or ends, making paused-for-credits exports runnable first as the sweeper does. */
async function runUntilStopped(id: string): Promise<string> {
  for (;;) {
    await exportsToRun();
    const outcome = await runExportSlice(id, options);
    if (outcome !== 'yielded') return outcome;
  }
}

/** Every follower of the subject, paged through /v2 by hand (pages of 7). */
async function pageByHand(perch: Perch): Promise<User[]> {
  const users: User[] = [];
  let cursor: string | undefined;
  do {
    const page = await perch.getUserFollowers(username, { count: 7, cursor });
    users.push(...page.data);
    cursor = page.meta.next_cursor ?? undefined;
  } while (cursor);
  return users;
}

async function createFollowersExport(perch: Perch, format: 'jsonl' | 'csv' = 'jsonl'): Promise<ExportJob> {
  const job = await perch.exports.create({ operation: 'getUserFollowers', params: { username }, format });
  made.push({ perch, id: job.id });
  return job;
}

beforeAll(async () => {
  // The end events are queued on graphile-worker, whose schema a running server installs.
  await runMigrations({ connectionString: process.env.DATABASE_URL });
  options = {
    owner: 'client-exports-test',
    leaseMs: 60_000,
    sliceMs: 60_000,
    failAfterMs: 3_600_000,
    pageTimeoutMs: 30_000,
    storage: exportStorage(),
    served: getServedPlatforms(),
    requeue: async () => undefined,
  };
  rich = await createApiAccount({ label: 'client-exports' });
  username = await userWithMost.followers();
  byHand = await pageByHand(clientOf(rich));
  expect(byHand.length).toBeGreaterThan(10);
});

afterAll(async () => {
  // Nothing of this file's is left for a later file's server to run.
  for (const { perch, id } of made) await perch.exports.delete(id).catch(() => undefined);
  await expectLedgersBalanced();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe('perch.exports', () => {
  it('creates an export, waits for it, downloads it and reads its records: all equal to paging /v2 by hand', async () => {
    const perch = clientOf(rich);
    const estimate = await perch.exports.estimate({ operation: 'getUserFollowers', params: { username } });
    expect(estimate).toMatchObject({ items: byHand.length, credits: byHand.length });
    const created = await createFollowersExport(perch);
    expect(created).toMatchObject({ status: 'queued', operation: 'getUserFollowers', params: { username }, format: 'jsonl', items: 0 });

    const seen: ExportJob['status'][] = [];
    const waiting = perch.exports.waitFor(created.id, { intervalMs: 5, onProgress: (job) => seen.push(job.status) });
    expect(await runUntilStopped(created.id)).toBe('ended');
    const done = await waiting;
    expect(done).toMatchObject({ id: created.id, status: 'completed', stop_reason: 'exhausted', items: byHand.length, credits_charged: byHand.length });
    expect(seen.at(-1)).toBe('completed');

    const response = await perch.exports.download(created.id);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(Buffer.byteLength(text)).toBe(done.size_bytes);
    expect(text.trimEnd().split('\n').map((line) => JSON.parse(line))).toEqual(byHand);

    const part = await perch.exports.download(created.id, { range: { start: 10, end: 99 } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(Buffer.from(text).subarray(10, 100));
    const tail = await perch.exports.download(created.id, { range: { start: done.size_bytes - 5 } });
    expect(await tail.text()).toBe(text.slice(-5));

    const records: User[] = [];
    for await (const record of perch.exports.records<User>(created.id)) records.push(record);
    expect(records).toEqual(byHand);

    // The event stream of a finished export: its end at once, then the iteration stops.
    const events = [];
    for await (const event of perch.exports.events(created.id)) events.push(event);
    expect(events.at(-1)!.export).toMatchObject({ id: created.id, status: 'completed', items: byHand.length });

    const listed = await perch.exports.list({ status: 'completed', count: 100 });
    expect(listed.data.map((job) => job.id)).toContain(created.id);
    expect((await perch.exports.listAll({ count: 1 }).toArray()).map((job) => job.id)).toContain(created.id);
  });

  it('records() yields every record once while the export runs: a page, a pause for credits, then the rest', async () => {
    const poor = await createApiAccount({ label: 'client-exports-poor', credits: 5 });
    const perch = clientOf(poor);
    const job = await createFollowersExport(perch);
    const progress: ExportJob[] = [];
    const records = perch.exports.records<User>(job.id, { intervalMs: 5, onProgress: (seen) => progress.push(seen) });

    // Asked before anything was written: it waits for the first page.
    const first = records.next();
    // The balance pays for 5 followers: one page of 5, then the export pauses, unfinished.
    expect(await runUntilStopped(job.id)).toBe('paused');
    const got: User[] = [(await first).value as User];
    for (let i = 1; i < 5; i++) got.push((await records.next()).value as User);
    const paused = await perch.exports.get(job.id);
    expect(paused).toMatchObject({ status: 'paused', paused_reason: 'insufficient_credits', items: 5 });
    expect(got).toEqual(byHand.slice(0, 5));

    // A grant lets it go on; the iterator reads on from where it stopped, to the end.
    await grantCredits(poor.userId, 10_000, 'client exports test');
    expect(await runUntilStopped(job.id)).toBe('ended');
    for await (const record of { [Symbol.asyncIterator]: () => records }) got.push(record);
    expect(got).toEqual(byHand);
    expect(new Set(got.map((user) => user.id)).size).toBe(byHand.length);
    // The first five came from an export that had not finished (the iterator is lazy: it looks again only when asked for more).
    expect(progress.filter((seen) => seen.status === 'completed')).toHaveLength(1);
    expect(progress.at(-1)).toMatchObject({ status: 'completed', items: byHand.length });
  });

  it('refuses records() of a CSV export with a clear error, and downloads it', async () => {
    const perch = clientOf(rich);
    const job = await createFollowersExport(perch, 'csv');
    expect(await runUntilStopped(job.id)).toBe('ended');
    const refused = await perch.exports.records(job.id).next().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PerchError);
    expect(refused).toMatchObject({ code: 'unsupported_export_format', status: null });
    expect((refused as Error).message).toMatch(/csv/);
    const text = await (await perch.exports.download(job.id)).text();
    expect(text.trimEnd().split('\n')).toHaveLength(byHand.length + 1);
  });

  it('cancels and deletes; waitFor and records() throw ExportCancelledError', async () => {
    const perch = clientOf(rich);
    const job = await createFollowersExport(perch);
    const cancelled = await perch.exports.cancel(job.id);
    expect(cancelled).toMatchObject({ id: job.id, status: 'cancelled', items: 0 });
    const waited = await perch.exports.waitFor(job.id).catch((error: unknown) => error);
    expect(waited).toBeInstanceOf(ExportCancelledError);
    expect(waited).toMatchObject({ code: 'export_cancelled', job: { id: job.id, status: 'cancelled' } });
    await expect(perch.exports.records(job.id).next()).rejects.toBeInstanceOf(ExportCancelledError);

    expect(await perch.exports.delete(job.id)).toEqual({ id: job.id, deleted: true });
    await expect(perch.exports.get(job.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(fs.existsSync(path.join(directory, exportFileName(job.id, 'jsonl')))).toBe(false);
  });

  it('throws ExportFailedError from waitFor when the export fails', async () => {
    const poor = await createApiAccount({ label: 'client-exports-failing', credits: 5 });
    const perch = clientOf(poor);
    const job = await createFollowersExport(perch);
    expect(await runUntilStopped(job.id)).toBe('paused');
    // The file loses its committed pages (a wiped volume): the export cannot go on.
    await exportStorage().remove(exportFileName(job.id, 'jsonl'));
    await grantCredits(poor.userId, 1_000, 'client exports test');
    const waiting = perch.exports.waitFor(job.id, { intervalMs: 5 }).catch((error: unknown) => error);
    expect(await runUntilStopped(job.id)).toBe('ended');
    const failed = await waiting;
    expect(failed).toBeInstanceOf(ExportFailedError);
    expect(failed).toMatchObject({ code: 'export_failed', status: null, job: { id: job.id, status: 'failed', error: { code: 'file_lost' } } });
    expect((failed as Error).message).toMatch(/file_lost/);
  });

  it('answers another workspace’s export id with NotFoundError, everywhere', async () => {
    const job = await createFollowersExport(clientOf(rich));
    const stranger = clientOf(await createApiAccount({ label: 'client-exports-stranger' }));
    for (const attempt of [
      () => stranger.exports.get(job.id),
      () => stranger.exports.cancel(job.id),
      () => stranger.exports.delete(job.id),
      () => stranger.exports.download(job.id),
      () => stranger.exports.waitFor(job.id),
      () => stranger.exports.records(job.id).next(),
    ]) {
      const error = await attempt().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ status: 404, code: 'not_found' });
    }
    expect((await clientOf(rich).exports.get(job.id)).status).toBe('queued');
  });
});

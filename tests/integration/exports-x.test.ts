import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runMigrations } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExportRunner } from '@/lib/api/exports/export-jobs';
import { runExportSlice, type ExportRunOptions } from '@/lib/api/exports/run-export';
import { exportsToRun } from '@/lib/exports/export-runs';
import { EXPORTABLE_OPERATIONS } from '@/lib/exports/exportable-operation-ids';
import { setServedPlatforms } from '@/lib/platform/served-platforms';
import { X_LACKS } from '@/lib/platform/x/reads';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { expectError } from '../support/api-records';
import { documentedColumns, exportFile, exportRunOptions, exportToEnd, pageByHand, readCsv, readJsonl, recordId, runUntilStopped } from '../support/export-checks';
import { startFakeX, type Fault, type FakeX } from '../support/fake-x-api';
import { X_IDS, xPlatforms, xWorld } from '../support/x-world';

// Exports on X, through the fake X API: a follower export equals paging /v2 by hand, and an
// upstream 429 in the middle of one pauses it (rate_limited) until X's x-rate-limit-reset, after
// which it goes on from its last committed page and the file still equals paging by hand.

// More followers than one page of the export (X gives at most 1000 a page), so it takes two.
const EXTRA_FOLLOWERS = 1200;
const FOLLOWERS_PATH = `/2/users/${X_IDS.alice}/followers`;

let fake: FakeX;
let account: ApiAccount;
let options: ExportRunOptions;
let directory: string;
const requeued: Array<{ id: string; runAt?: Date }> = [];

beforeAll(async () => {
  await runMigrations({ connectionString: process.env.DATABASE_URL });
  const world = xWorld();
  for (let i = 1; i <= EXTRA_FOLLOWERS; i++) {
    const id = String(3_000_000 + i);
    world.users.push({ ...world.users[1], id, username: `fan${i}`, name: `Fan ${i}` });
    world.follows.push([id, X_IDS.alice]);
  }
  fake = await startFakeX(world);
  const served = xPlatforms(fake);
  setServedPlatforms(served);
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-exports-x-'));
  options = { ...exportRunOptions(directory, served), requeue: async (id, runAt) => void requeued.push({ id, runAt }) };
  account = await createApiAccount({ label: 'exports-x' });
});

afterAll(async () => {
  setServedPlatforms(null);
  await fake?.close();
  fs.rmSync(directory, { recursive: true, force: true });
  await expectLedgersBalanced();
});

/** Answers the `nth` request to a path from now on with a fault, once; says when it fired (its index in fake.calls) and, for a 429, its reset (epoch seconds). */
function faultOnce(pathname: string, nth: number, fault: Fault): { reset: () => number | null; index: () => number | null } {
  const get = fake.faults.get.bind(fake.faults);
  let seen = 0;
  let reset: number | null = null;
  let index: number | null = null;
  fake.faults.get = (key: string) => {
    if (key === pathname && ++seen === nth) {
      fake.faults.get = get;
      // The fake records a request before it looks for a fault: this one is the last call.
      index = fake.calls.length - 1;
      if (fault.kind === 'rate_limit') reset = Math.floor(Date.now() / 1000) + fault.resetIn;
      return fault;
    }
    return get(key);
  };
  return { reset: () => reset, index: () => index };
}

describe('exports on X', () => {
  it("alice's follower ids (X pages of 1000 inside one export page of 5000): the file equals paging /v2 by hand, the estimate is her followers_count", async () => {
    const params = { username: 'alice' };
    const estimate = await account.call('POST', '/v2/exports/estimate', { body: { operation: 'getUserFollowerIds', params } });
    expect(estimate.body.data).toMatchObject({ items: EXTRA_FOLLOWERS + 4, credits: EXTRA_FOLLOWERS + 4 });
    const { job } = await exportToEnd(account, options, { operation: 'getUserFollowerIds', params });
    expect(job).toMatchObject({ platform: 'x', status: 'completed', stop_reason: 'exhausted', items: EXTRA_FOLLOWERS + 4, credits_charged: EXTRA_FOLLOWERS + 4 });
    const lines = readJsonl(exportFile(directory, job.id, 'jsonl'));
    expect(lines).toEqual(await pageByHand(account, 'getUserFollowerIds', params, 100));
  });

  it('ranked sorts (followers, name) over a window of X pages: the file equals paging by hand, whatever the page sizes', async () => {
    for (const sort of ['followers', 'name']) {
      const params = { username: 'alice', sort };
      const { job } = await exportToEnd(account, options, { operation: 'getUserFollowers', params });
      const lines = readJsonl(exportFile(directory, job.id, 'jsonl'));
      expect(lines.length, sort).toBeGreaterThan(0);
      expect(lines, sort).toEqual(await pageByHand(account, 'getUserFollowers', params, 100));
      expect(job, sort).toMatchObject({ status: 'completed', items: lines.length, credits_charged: lines.length });
    }
  });

  it('a search on X: the body is the search, the file equals paging by hand; what X lacks is a 503 with nothing created', async () => {
    const params = { query: 'alice' };
    const estimate = await account.call('POST', '/v2/exports/estimate', { body: { operation: 'searchTweets', params } });
    expect(estimate.body.data).toEqual({ items: null, credits: null, basis: null, at_most: null });
    const { job } = await exportToEnd(account, options, { operation: 'searchTweets', params, format: 'jsonl' });
    const lines = readJsonl(exportFile(directory, job.id, 'jsonl'));
    expect(lines.length).toBeGreaterThan(1);
    expect(lines).toEqual(await pageByHand(account, 'searchTweets', params, 10));
    expect(job).toMatchObject({ platform: 'x', status: 'completed', items: lines.length, credits_charged: lines.length * 15 });

    const fresh = await createApiAccount({ label: 'exports-x-lacks' });
    for (const operation of Object.keys(X_LACKS).filter((id) => (EXPORTABLE_OPERATIONS as readonly string[]).includes(id))) {
      const answer = await fresh.call('POST', '/v2/exports', { body: { operation, params: { communityId: '123', listId: '123' } } });
      expectError(answer, 503, 'unavailable');
      expect(answer.body.error.message).toBe(X_LACKS[operation as keyof typeof X_LACKS]);
    }
    expect((await fresh.call('GET', '/v2/exports')).body.data).toEqual([]);
  });

  it("an upstream 429 mid-export pauses it rate_limited until X's reset, then it completes with every follower once", async () => {
    const params = { username: 'alice' };
    const before = await account.balance();
    const created = await account.call('POST', '/v2/exports', { body: { operation: 'getUserFollowers', params } });
    expect(created.status, created.text).toBe(200);
    const id = created.body.data.id;
    // The first page (1000 ids of X's largest page of followers) goes through; X refuses the second.
    const limited = faultOnce(FOLLOWERS_PATH, 2, { kind: 'rate_limit', resetIn: 6 });
    expect(await runExportSlice(id, options)).toBe('paused');
    const reset = limited.reset();
    expect(reset).not.toBeNull();

    const paused = (await account.call('GET', `/v2/exports/${id}`)).body.data;
    expect(paused).toMatchObject({ status: 'paused', paused_reason: 'rate_limited', items: 1000, credits_charged: 1000, error: null, finished_at: null });
    // Retry-After is whole seconds until the reset, rounded up: resume_at is at the reset, within that second.
    const resumeAt = Date.parse(paused.resume_at);
    expect(resumeAt).toBeGreaterThanOrEqual(reset! * 1000 - 1000);
    expect(resumeAt).toBeLessThanOrEqual(reset! * 1000 + 1000);
    expect(requeued.at(-1)).toEqual({ id, runAt: new Date(resumeAt) });
    // The refused page was neither written nor charged.
    expect(fs.statSync(exportFile(directory, id, 'jsonl')).size).toBe(paused.size_bytes);
    expect(readJsonl(exportFile(directory, id, 'jsonl'))).toHaveLength(1000);
    expect(before - (await account.balance())).toBe(1000);

    // Before the reset nothing runs it: not the sweeper, not a slice.
    expect(await exportsToRun()).not.toContain(id);
    expect(await runExportSlice(id, options)).toBe('not_claimed');

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, resumeAt - Date.now()) + 50));
    expect(await exportsToRun()).toContain(id);
    expect(await runUntilStopped(id, options)).toBe('ended');
    const job = (await account.call('GET', `/v2/exports/${id}`)).body.data;
    expect(job).toMatchObject({ status: 'completed', stop_reason: 'exhausted', paused_reason: null, resume_at: null, items: EXTRA_FOLLOWERS + 4, credits_charged: EXTRA_FOLLOWERS + 4 });
    const lines = readJsonl(exportFile(directory, id, 'jsonl'));
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines).toEqual(await pageByHand(account, 'getUserFollowers', params, 100));
  });

  it('a 429 inside an export page (the second X page of 5000 follower ids) pauses with nothing committed, then the whole page is read again', async () => {
    const params = { username: 'alice' };
    const created = await account.call('POST', '/v2/exports', { body: { operation: 'getUserFollowerIds', params } });
    const id = created.body.data.id;
    const limited = faultOnce(FOLLOWERS_PATH, 2, { kind: 'rate_limit', resetIn: 3 });
    expect(await runExportSlice(id, options)).toBe('paused');
    expect(limited.reset()).not.toBeNull();
    const paused = (await account.call('GET', `/v2/exports/${id}`)).body.data;
    expect(paused).toMatchObject({ status: 'paused', paused_reason: 'rate_limited', items: 0, credits_charged: 0, size_bytes: 0 });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(paused.resume_at) - Date.now()) + 50));
    expect(await exportsToRun()).toContain(id);
    expect(await runUntilStopped(id, options)).toBe('ended');
    const job = (await account.call('GET', `/v2/exports/${id}`)).body.data;
    expect(job).toMatchObject({ status: 'completed', items: EXTRA_FOLLOWERS + 4, credits_charged: EXTRA_FOLLOWERS + 4 });
    expect(readJsonl(exportFile(directory, id, 'jsonl'))).toEqual(await pageByHand(account, 'getUserFollowerIds', params, 500));
  });

  it('an X 5xx mid-export pauses it upstream_unavailable and backs off; it goes on when X answers again', async () => {
    const params = { username: 'alice' };
    const created = await account.call('POST', '/v2/exports', { body: { operation: 'getUserFollowers', params } });
    const id = created.body.data.id;
    faultOnce(FOLLOWERS_PATH, 2, { kind: 'server_error', status: 503 });
    expect(await runExportSlice(id, options)).toBe('paused');
    const paused = (await account.call('GET', `/v2/exports/${id}`)).body.data;
    expect(paused).toMatchObject({ status: 'paused', paused_reason: 'upstream_unavailable', items: 1000, error: null });
    expect(Date.parse(paused.resume_at)).toBeGreaterThan(Date.now());
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(paused.resume_at) - Date.now()) + 50));
    expect(await exportsToRun()).toContain(id);
    expect(await runUntilStopped(id, options)).toBe('ended');
    const job = (await account.call('GET', `/v2/exports/${id}`)).body.data;
    expect(job).toMatchObject({ status: 'completed', items: EXTRA_FOLLOWERS + 4, credits_charged: EXTRA_FOLLOWERS + 4, error: null });
    expect(readJsonl(exportFile(directory, id, 'jsonl'))).toEqual(await pageByHand(account, 'getUserFollowers', params, 100));
  });

  it('an X that keeps failing past the allowed time fails the export with what it has, charged for that only', async () => {
    const params = { username: 'alice' };
    const created = await account.call('POST', '/v2/exports', { body: { operation: 'getUserFollowers', params } });
    const id = created.body.data.id;
    // Allowed 1 ms of failing instead of an hour: the second failure in a row ends it.
    const impatient = { ...options, failAfterMs: 1 };
    const first = faultOnce(FOLLOWERS_PATH, 2, { kind: 'server_error', status: 503 });
    expect(await runExportSlice(id, impatient)).toBe('paused');
    expect(first.reset()).toBeNull();
    const paused = (await account.call('GET', `/v2/exports/${id}`)).body.data;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(paused.resume_at) - Date.now()) + 50));
    expect(await exportsToRun()).toContain(id);
    faultOnce(FOLLOWERS_PATH, 1, { kind: 'server_error', status: 503 });
    expect(await runExportSlice(id, impatient)).toBe('ended');
    const job = (await account.call('GET', `/v2/exports/${id}`)).body.data;
    expect(job).toMatchObject({ status: 'failed', items: 1000, credits_charged: 1000, error: { code: 'unavailable' } });
    expect(job.error.message).toMatch(/kept failing/);
    expect(readJsonl(exportFile(directory, id, 'jsonl'))).toEqual((await pageByHand(account, 'getUserFollowers', params, 100)).slice(0, 1000));
  });

  it('on the real runner (graphile-worker): a 429 pauses the export until the reset, no call to X comes before it, then it completes', async () => {
    const params = { username: 'alice' };
    const sweep = process.env.PERCH_EXPORT_SWEEP_MS;
    process.env.PERCH_EXPORT_SWEEP_MS = '500';
    const runner = await startExportRunner(options.served, options.storage);
    try {
      const limited = faultOnce(FOLLOWERS_PATH, 2, { kind: 'rate_limit', resetIn: 4 });
      const created = await account.call('POST', '/v2/exports', { body: { operation: 'getUserFollowers', params, format: 'csv' } });
      expect(created.status, created.text).toBe(200);
      const id = created.body.data.id;
      const seen = new Set<string>();
      let job;
      for (let i = 0; i < 600; i++) {
        job = (await account.call('GET', `/v2/exports/${id}`)).body.data;
        seen.add(job.paused_reason === null ? job.status : `${job.status}:${job.paused_reason}`);
        if (job.status === 'completed' || job.status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(job).toMatchObject({ status: 'completed', items: EXTRA_FOLLOWERS + 4, credits_charged: EXTRA_FOLLOWERS + 4, error: null });
      expect(seen).toContain('paused:rate_limited');
      // Every request for alice's followers after the 429 came at or after X's reset.
      const reset = limited.reset()!;
      const later = fake.calls.map((call, index) => ({ call, at: fake.callTimes[index], index })).filter(({ call, index }) => index > limited.index()! && call.startsWith(`GET ${FOLLOWERS_PATH}`));
      expect(later.length).toBeGreaterThan(0);
      expect(later.filter(({ at }) => at < reset * 1000)).toEqual([]);
      const { header, rows } = readCsv(exportFile(directory, id, 'csv'));
      expect(header).toEqual(documentedColumns('user'));
      expect(rows.map((row) => row[0])).toEqual((await pageByHand(account, 'getUserFollowers', params, 100)).map(recordId));
    } finally {
      await runner.stop();
      if (sweep === undefined) delete process.env.PERCH_EXPORT_SWEEP_MS;
      else process.env.PERCH_EXPORT_SWEEP_MS = sweep;
    }
  });
});

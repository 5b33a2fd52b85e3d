import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runMigrations } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExportSlice, type ExportRunOptions } from '@/lib/api/exports/run-export';
import { readExport } from '@/lib/exports/export-store';
import { revokeKey } from '@/lib/keys/revoke-key';
import { getServedPlatforms } from '@/lib/platform/served-platforms';
import { createApiAccount, expectLedgersBalanced } from '../support/api-client';
import { exportRunOptions, pageByHand } from '../support/export-checks';
import { userWithMost } from '../support/api-subjects';

// An export run slice by slice in this process (no job queue): the file it writes equals paging
// /v2 by hand, and it is charged exactly what those pages cost.

let directory: string;
let options: ExportRunOptions;
const requeued: string[] = [];

beforeAll(async () => {
  // The end events are queued on graphile-worker, whose schema a running server installs.
  await runMigrations({ connectionString: process.env.DATABASE_URL });
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-exports-'));
  options = exportRunOptions(directory, getServedPlatforms(), requeued);
});

afterAll(async () => {
  await expectLedgersBalanced();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe('an export run in slices', () => {
  it('writes every follower once, in /v2 order, and charges the items', async () => {
    const account = await createApiAccount({ label: 'export-run' });
    const username = await userWithMost.followers();
    const before = await account.balance();
    const created = await account.call('POST', '/v2/exports', { body: { operation: 'getUserFollowers', params: { username }, format: 'jsonl' } });
    expect(created.status).toBe(200);
    const job = created.body.data;
    expect(job).toMatchObject({ status: 'queued', operation: 'getUserFollowers', items: 0, credits_charged: 0, format: 'jsonl', unit_price: 1 });
    expect(job.estimate.items).toBeGreaterThan(0);

    expect(await runExportSlice(job.id, options)).toBe('ended');
    const row = await readExport(job.id);
    expect(row).toMatchObject({ status: 'completed', stop_reason: 'exhausted' });
    const lines = fs.readFileSync(path.join(directory, `export-${job.id}.jsonl`), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
    const byHand = await pageByHand(account, 'getUserFollowers', { username }, 7);
    expect(lines).toEqual(byHand);
    expect(Number(row!.items)).toBe(lines.length);
    expect(Number(row!.credits_charged)).toBe(lines.length);
    // The export's pages and the hand-paging calls, each charged per item.
    expect(before - (await account.balance())).toBe(lines.length * 2);
  });

  it('stops, charging nothing more, once the key that started it is revoked', async () => {
    const account = await createApiAccount({ label: 'export-revoked' });
    const username = await userWithMost.followers();
    const created = await account.call('POST', '/v2/exports', { body: { operation: 'getUserFollowers', params: { username } } });
    expect(created.status).toBe(200);
    const before = await account.balance();
    expect(await revokeKey(account.keyId, account.userId)).toBe(true);

    expect(await runExportSlice(created.body.data.id, options)).toBe('ended');
    const row = await readExport(created.body.data.id);
    expect(row).toMatchObject({ status: 'failed', error_code: 'unauthorized', items: '0', credits_charged: '0' });
    expect(row!.error_message).toMatch(/revoked or expired/);
    expect(await account.balance()).toBe(before);
  });
});

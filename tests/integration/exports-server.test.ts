import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount, type ApiAccount } from '../support/api-client';
import { userWithMost } from '../support/api-subjects';
import { startServer, type RunningServer } from '../support/api-server';
import { openSse } from '../support/sse-client';

// An export end to end through `npm start`'s server.ts: its own export runner does the job, the
// client follows it on the events stream through the node:http fast path, then downloads the
// file whole, gzip'd and by ranges.

let server: RunningServer;
let directory: string;
let account: ApiAccount;

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-exports-server-'));
  server = await startServer(process.env.DATABASE_URL!, { PERCH_EXPORT_DIR: directory, PERCH_EXPORT_SWEEP_MS: '200', PERCH_EXPORT_EVENTS_POLL_MS: '200' }, 14 * 60_000);
  account = await createApiAccount({ label: 'export-server' });
  // The server copy is shared: another run may hold it, and a changed dashboard is rebuilt first.
}, 15 * 60_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(directory, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('an export through server.ts', () => {
  it('runs, reports its progress to the end, and downloads whole, gzip’d and by ranges', async () => {
    const auth = { authorization: `Bearer ${account.key}` };
    const username = await userWithMost.followers();
    const created = await fetch(`${server.url}/v2/exports`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'getUserFollowers', params: { username }, format: 'jsonl', max_items: 60 }),
    });
    expect(created.status).toBe(200);
    const id: string = (await created.json()).data.id;

    const events = await openSse(`${server.url}/v2/exports/${id}/events`, auth);
    expect(events.response.status).toBe(200);
    await waitFor(() => events.ended(), 60_000);
    const names = events.events.map((e) => e.event);
    expect(names[0]).toBe('progress');
    expect(names[names.length - 1]).toBe('end');
    const end = JSON.parse(events.events[events.events.length - 1].data);
    expect(end.export).toMatchObject({ id, status: 'completed', items: 60, credits_charged: 60 });

    const onDisk = fs.readFileSync(path.join(directory, `export-${id}.jsonl`));
    expect(end.export.size_bytes).toBe(onDisk.length);
    const url = `${server.url}/v2/exports/${id}/download`;

    const whole = await get(url, auth);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(whole.headers['content-length']).toBe(String(onDisk.length));
    expect(whole.headers['content-disposition']).toBe(`attachment; filename="perch-getUserFollowers-${username}-${id}.jsonl"`);
    expect(whole.body.equals(onDisk)).toBe(true);
    expect(whole.body.toString('utf8').trimEnd().split('\n')).toHaveLength(60);

    const gz = await get(url, { ...auth, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-length']).toBeUndefined();
    expect(zlib.gunzipSync(gz.body).equals(onDisk)).toBe(true);

    const tail = await get(url, { ...auth, range: 'bytes=-100', 'accept-encoding': 'gzip' });
    expect(tail.status).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${onDisk.length - 100}-${onDisk.length - 1}/${onDisk.length}`);
    expect(tail.body.equals(onDisk.subarray(onDisk.length - 100))).toBe(true);

    const past = await get(url, { ...auth, range: `bytes=${onDisk.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${onDisk.length}`);

    const other = await createApiAccount({ label: 'export-server-other' });
    const foreign = await get(url, { authorization: `Bearer ${other.key}` });
    expect(foreign.status).toBe(404);
    expect(foreign.body.toString('utf8')).not.toContain(onDisk.toString('utf8').slice(0, 30));
  }, 120_000);
});

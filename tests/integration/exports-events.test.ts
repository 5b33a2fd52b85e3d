import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerApiRequest, dispatch } from '@/lib/api/dispatch';
import { grantCredits } from '@/lib/credits';
import { endOpenStreams, openStreamCount } from '@/lib/delivery/stream-slots';
import { freePort } from '@/lib/server/free-port';
import { createHttpServer, listen } from '@/lib/server/http-server';
import { apiHandler } from '@/lib/server/web-adapter';
import { waitFor } from '../support/account-fixtures';
import { apiRequest, createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { userWithMost } from '../support/api-subjects';
import { exportSlices, type ExportSlices } from '../support/export-slices';
import { openSse, type SseEvent } from '../support/sse-client';

// GET /v2/exports/{id}/events over real HTTP through server.ts's fast path (node:http +
// apiHandler): progress at connect and on each change, end when the export ends, heartbeats,
// the stream caps, and the stream ending with the server.

process.env.PERCH_EXPORT_EVENTS_POLL_MS = '100';
process.env.PERCH_STREAM_HEARTBEAT_MS = '300';
process.env.PERCH_STREAMS_PER_KEY = '2';

let slices: ExportSlices;
let server: http.Server;
let base: string;
let username: string;

type Progress = { export: { id: string; status: string; items: number; paused_reason: string | null; credits_charged: number }; items_per_second: number | null; eta_seconds: number | null };
const data = (event: SseEvent) => JSON.parse(event.data) as Progress;

beforeAll(async () => {
  slices = await exportSlices();
  server = createHttpServer([{ prefix: '/v2', handle: apiHandler(answerApiRequest) }], (_req, res) => {
    res.writeHead(404).end();
  });
  const port = await freePort();
  await listen(server, port, '127.0.0.1');
  base = `http://127.0.0.1:${port}`;
  username = await userWithMost.followers();
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await expectLedgersBalanced();
  slices?.remove();
});

async function newExport(account: ApiAccount, maxItems: number): Promise<string> {
  const created = await account.call('POST', '/v2/exports', { body: { operation: 'getUserFollowerIds', params: { username }, max_items: maxItems } });
  expect(created.status).toBe(200);
  return created.body.data.id;
}

const events = (account: ApiAccount, id: string) => openSse(`${base}/v2/exports/${id}/events`, { authorization: `Bearer ${account.key}` });

describe('export progress events', () => {
  it('sends progress at connect and on each change, then end, and closes', async () => {
    // Credits for 10 ids of the 30 asked: the export pauses there until a grant.
    const account = await createApiAccount({ label: 'export-events', credits: 10 });
    const id = await newExport(account, 30);
    const stream = await events(account, id);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    await waitFor(() => stream.events.length >= 1, 10_000);
    expect(stream.events[0].event).toBe('progress');
    expect(data(stream.events[0])).toMatchObject({ export: { id, status: 'queued', items: 0 }, items_per_second: 0, eta_seconds: null });

    expect(await slices.runToEnd(id)).toBe('paused');
    await waitFor(() => stream.events.some((e) => data(e).export.status === 'paused'), 10_000);
    const paused = data(stream.events.find((e) => data(e).export.status === 'paused')!);
    expect(paused).toMatchObject({ export: { items: 10, credits_charged: 10, paused_reason: 'insufficient_credits' }, items_per_second: 0, eta_seconds: null });
    // Nothing changes while it waits: heartbeats only, no new event.
    const seen = stream.events.length;
    const comments = stream.comments();
    await waitFor(() => stream.comments() >= comments + 2, 10_000);
    expect(stream.events.length).toBe(seen);

    await grantCredits(account.userId, 20, 'export events test');
    // What the sweeper does once credits came: the export goes back to the queue.
    const { exportsToRun } = await import('@/lib/exports/export-runs');
    expect(await exportsToRun()).toContain(id);
    expect(await slices.runToEnd(id)).toBe('ended');
    await waitFor(() => stream.ended(), 10_000);
    const last = stream.events[stream.events.length - 1];
    expect(last.event).toBe('end');
    expect(data(last)).toMatchObject({ export: { id, status: 'completed', items: 30, credits_charged: 30 }, eta_seconds: 0 });
    expect(stream.events.slice(0, -1).every((e) => e.event === 'progress')).toBe(true);
    // The export as GET answers it now is what the end event carried.
    expect(data(last).export).toEqual((await account.call('GET', `/v2/exports/${id}`)).body.data);
    await stream.close();
    await waitFor(() => openStreamCount() === 0, 10_000);
  });

  it('answers a finished export with its progress and end at once', async () => {
    const account = await createApiAccount({ label: 'export-events-done' });
    const id = await newExport(account, 5);
    expect(await slices.runToEnd(id)).toBe('ended');
    const stream = await events(account, id);
    await waitFor(() => stream.ended(), 10_000);
    expect(stream.events.map((e) => e.event)).toEqual(['progress', 'end']);
    expect(data(stream.events[1])).toMatchObject({ export: { status: 'completed', items: 5 }, eta_seconds: 0 });
  });

  it('ends with an error event when the export is deleted', async () => {
    const account = await createApiAccount({ label: 'export-events-deleted' });
    const id = await newExport(account, 5);
    const stream = await events(account, id);
    await waitFor(() => stream.events.length === 1, 10_000);
    expect((await account.call('DELETE', `/v2/exports/${id}`)).status).toBe(200);
    await waitFor(() => stream.ended(), 10_000);
    expect(stream.events.map((e) => e.event)).toEqual(['progress', 'error']);
    expect(JSON.parse(stream.events[1].data)).toMatchObject({ code: 'not_found' });
  });

  it('is a 404 for another workspace’s export, with nothing of it', async () => {
    const owner = await createApiAccount({ label: 'export-events-owner' });
    const other = await createApiAccount({ label: 'export-events-other' });
    const id = await newExport(owner, 5);
    const response = await fetch(`${base}/v2/exports/${id}/events`, { headers: { authorization: `Bearer ${other.key}` } });
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(body.error.code).toBe('not_found');
    expect(JSON.stringify(body)).not.toContain(username);
    expect((await owner.call('POST', `/v2/exports/${id}/cancel`)).status).toBe(200);
  });

  it('holds a key to its stream cap, frees a slot when a client leaves, and ends every stream at shutdown', async () => {
    const account = await createApiAccount({ label: 'export-events-cap' });
    const id = await newExport(account, 5);
    const first = await events(account, id);
    const second = await events(account, id);
    expect([first.response.status, second.response.status]).toEqual([200, 200]);
    const third = await fetch(`${base}/v2/exports/${id}/events`, { headers: { authorization: `Bearer ${account.key}` } });
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ error: { code: 'too_many_streams', details: { scope: 'key', limit: 2 } } });

    await first.close();
    await waitFor(() => openStreamCount() === 1, 10_000);
    const again = await events(account, id);
    expect(again.response.status).toBe(200);
    await waitFor(() => again.events.length === 1, 10_000);

    // A dashboard page (no key) has its own slot on this server, ended with the rest.
    const page = await dispatch(apiRequest('GET', `/v2/exports/${id}/events`), { caller: { userId: account.userId, keyId: null, scopes: ['read', 'write'], source: 'dashboard' } });
    expect(page.status).toBe(200);
    const reader = page.body!.getReader();
    const firstChunk = new TextDecoder().decode((await reader.read()).value);
    expect(firstChunk).toContain('progress of export');
    expect(openStreamCount()).toBe(3);

    await endOpenStreams();
    await waitFor(() => second.ended() && again.ended(), 10_000);
    let rest = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(rest).not.toContain('event: end');
    expect(openStreamCount()).toBe(0);
    expect((await account.call('POST', `/v2/exports/${id}/cancel`)).status).toBe(200);
  });
});

import crypto from 'node:crypto';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerApiRequest } from '@/lib/api/dispatch';
import { Perch } from '@perch/client';
import { getPool } from '@/lib/db/pool';
import { startRealtime, type Realtime } from '@/lib/delivery/start-realtime';
import { closeNotifications } from '@/lib/delivery/notifications';
import { freePort } from '@/lib/server/free-port';
import { createHttpServer, listen } from '@/lib/server/http-server';
import { apiHandler } from '@/lib/server/web-adapter';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { setUpWriter, type Writer } from '../support/api-writer';
import { openSse } from '../support/sse-client';

// GET /v2/stream over real HTTP through server.ts's fast path (node:http + apiHandler): an
// SSE client receives matches as they are committed, disconnects, and resumes with
// Last-Event-ID without losing or repeating any.

process.env.PERCH_STREAM_HEARTBEAT_MS = '200';

let writer: Writer;
let realtime: Realtime;
let server: http.Server;
let base: string;
let reader: ApiAccount;
const word = `okapi${crypto.randomBytes(4).toString('hex')}`;

async function post(text: string): Promise<string> {
  const answer = await writer.account.call('POST', '/v2/tweets/create', { body: { text } });
  expect(answer.status).toBe(200);
  return answer.body.data.id as string;
}

const tweetIds = (events: { event: string; data: string }[]) => events.filter((e) => e.event === 'match').map((e) => (JSON.parse(e.data) as { tweet: { id: string } }).tweet.id);

beforeAll(async () => {
  writer = await setUpWriter('stream');
  realtime = await startRealtime();
  server = createHttpServer([{ prefix: '/v2', handle: apiHandler(answerApiRequest) }], (_req, res) => {
    res.writeHead(404).end();
  });
  const port = await freePort();
  await listen(server, port, '127.0.0.1');
  base = `http://127.0.0.1:${port}`;
  reader = await createApiAccount({ label: 'stream', credits: 10_000 });
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await realtime?.stop();
  await closeNotifications();
});

describe('GET /v2/stream', () => {
  it('is a clear 400 for a key without rules, and for a malformed Last-Event-ID', async () => {
    const response = await fetch(`${base}/v2/stream`, { headers: { authorization: `Bearer ${reader.key}` } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('no rules');
    await reader.call('POST', '/v2/rules', { body: { tag: 'stream', query: word } });
    const bad = await fetch(`${base}/v2/stream`, { headers: { authorization: `Bearer ${reader.key}`, 'last-event-id': 'abc' } });
    expect(bad.status).toBe(400);
    expect((await fetch(`${base}/v2/stream`)).status).toBe(401);
  });

  it('streams matches as they commit, with heartbeats, and resumes after a disconnect without loss or repeats', async () => {
    const before = await reader.balance();
    const auth = { authorization: `Bearer ${reader.key}` };
    const first = await openSse(`${base}/v2/stream`, auth);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('content-type')).toContain('text/event-stream');
    await waitFor(() => first.comments() >= 2, 10_000);

    const sent: string[] = [];
    for (let i = 0; i < 3; i++) sent.push(await post(`first ${word} ${i}`));
    await waitFor(() => tweetIds(first.events).length >= 3, 15_000);
    await first.close();
    const lastSeen = first.events.filter((e) => e.event === 'match').at(-1)!.id!;

    // While disconnected: more matches, and unrelated tweets.
    for (let i = 0; i < 4; i++) sent.push(await post(`while away ${word} ${i}`));
    await post('nothing to see here');
    await waitFor(async () => {
      const { rows } = await (await import('@/lib/db/pool')).getPool().query('SELECT count(*)::int AS n FROM realtime_matches WHERE key_id = $1', [reader.keyId]);
      return rows[0].n >= 7;
    }, 15_000);

    const second = await openSse(`${base}/v2/stream`, { ...auth, 'last-event-id': lastSeen });
    await waitFor(() => tweetIds(second.events).length >= 4, 15_000);
    sent.push(await post(`after ${word}`));
    await waitFor(() => tweetIds(second.events).length >= 5, 15_000);
    await second.close();

    const received = [...tweetIds(first.events), ...tweetIds(second.events)];
    expect(received).toEqual(sent);
    expect(new Set(received).size).toBe(received.length);
    const ids = [...first.events, ...second.events].filter((e) => e.event === 'match').map((e) => BigInt(e.id!));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
    await waitFor(async () => (await reader.balance()) === before - 8 * 15, 5_000);
  });

  it('reaches the TypeScript client as an iterator that reconnects with Last-Event-ID after a dropped connection', async () => {
    const perch = new Perch({ apiKey: reader.key, baseUrl: base, maxRetries: 0 });
    const controller = new AbortController();
    const seen: string[] = [];
    // Starting after the newest match, rather than at "now", leaves no race with the posts below.
    const { rows } = await getPool().query<{ id: string }>('SELECT max(id)::text AS id FROM realtime_matches WHERE key_id = $1', [reader.keyId]);
    const iterating = (async () => {
      for await (const match of perch.stream({ lastEventId: rows[0].id, signal: controller.signal, reconnectDelayMs: 100 })) {
        seen.push(match.tweet.id);
        if (seen.length === 2) server.closeAllConnections();
        if (seen.length === 4) controller.abort();
      }
    })();
    const sent: string[] = [];
    for (let i = 0; i < 4; i++) {
      sent.push(await post(`client ${word} ${i}`));
      if (i === 1) await waitFor(() => seen.length >= 2, 15_000);
    }
    await iterating;
    expect(seen).toEqual(sent);
    await expect(new Perch({ apiKey: (await createApiAccount({ label: 'norules' })).key, baseUrl: base }).stream().next()).rejects.toThrow(/no rules/);
  });

  it('leaves the ledgers balanced', async () => {
    await expectLedgersBalanced();
  });
});

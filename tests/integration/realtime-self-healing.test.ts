import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Perch } from '@perch/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerApiRequest } from '@/lib/api/dispatch';
import { startHoldSweeper } from '@/lib/credits';
import { startEmbeddedPostgres, type EmbeddedHandle } from '@/lib/db/embedded-postgres';
import { migrateDatabase } from '@/lib/db/migrate';
import { closePool, getPool } from '@/lib/db/pool';
import { runningPostmaster, startPostmaster, stopPostmaster } from '@/lib/db/postmaster';
import { MATCH_PRICE } from '@/lib/delivery/charge-match';
import { closeNotifications, LISTEN_LOOP, subscribe } from '@/lib/delivery/notifications';
import { startRealtime, type Realtime } from '@/lib/delivery/start-realtime';
import { JOBS_LOOP } from '@/lib/delivery/supervise-job-queue';
import { loopState } from '@/lib/health/loop-health';
import { stopKeyServices } from '@/lib/keys';
import { flushMetering, stopMetering, USAGE_FLUSH_LOOP } from '@/lib/metering/meter';
import { MATCH_LOOP } from '@/lib/rules/match-worker';
import { freePort } from '@/lib/server/free-port';
import { healthRoute } from '@/lib/server/health-route';
import { createHttpServer, listen } from '@/lib/server/http-server';
import { apiHandler } from '@/lib/server/web-adapter';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount, expectLedgersBalanced } from '../support/api-client';
import { createFixtureUsers } from '../support/platform-fixtures';
import { openSse, type SseEvent } from '../support/sse-client';

// Issue 26, point 1: every background loop heals itself. A PostgreSQL of this file's own is
// killed with -9 under an active rule, with webhook deliveries in flight and a stream open:
// matching and delivery resume by themselves once it is back, every tweet is matched once,
// every delivery arrives once, the stream says `event: error` (retryable) and a reconnect with
// Last-Event-ID gets the rest, and the credit ledger is exact. /api/health says what is down.

process.env.PERCH_WEBHOOK_RETRY_BASE_MS = '200';
// Few workers, so that the ones holding the attempts in flight at the kill are a real share of
// them: a worker that cannot release its job is lost (in the fault run graphile-worker's runner
// went on without them, down to none, and nothing was delivered until Perch was restarted).
process.env.PERCH_WEBHOOK_CONCURRENCY = '2';
process.env.PERCH_WEBHOOK_RETRY_MAX_MS = '1000';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-self-heal-'));
const clusterDir = path.join(dataDir, 'postgres');
let port = 0;
let database: EmbeddedHandle | undefined;
const cleanups: Array<() => Promise<unknown> | unknown> = [];

beforeAll(async () => {
  port = await freePort();
  database = await startEmbeddedPostgres({ dataDir, port, database: 'perch' });
  // Everything in this file (pools, LISTEN connection, job runner) uses the database it kills.
  process.env.DATABASE_URL = database.url;
  await migrateDatabase(database.url, { quiet: true });
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await closeNotifications();
  // The process-wide parts the calls started, before their database goes.
  await stopMetering();
  await stopKeyServices();
  await closePool();
  await database?.stop();
  await stopPostmaster(clusterDir).catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function killPostgres(): void {
  const running = runningPostmaster(clusterDir);
  expect(running).not.toBeNull();
  process.kill(running!.pid, 'SIGKILL');
}

/** Starts it again, as the supervisor or whoever runs the database would (old backends may hold shared memory for a moment). */
async function restartPostgres(): Promise<void> {
  await waitFor(async () => {
    await startPostmaster(clusterDir, port).catch(() => undefined);
    return runningPostmaster(clusterDir) !== null;
  }, 60_000);
}

async function notify(channel: string, payload: string): Promise<void> {
  const client = new pg.Client({ connectionString: database!.url });
  await client.connect();
  try {
    await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
  } finally {
    await client.end();
  }
}

/** A webhook endpoint that can hold the requests it gets (deliveries in flight) and answer them 503 later. */
async function startHoldingReceiver() {
  const received: string[] = [];
  let holding = false;
  let held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (holding) return void held.push(res);
      received.push(String(req.headers['perch-delivery-id']));
      res.writeHead(204).end();
    });
  });
  const receiverPort = await freePort();
  await new Promise<void>((resolve) => server.listen(receiverPort, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${receiverPort}/hooks`,
    received,
    held: () => held.length,
    hold: () => {
      holding = true;
    },
    /** Answers the held requests 503 (not received: they must come again) and takes the next ones. */
    release: () => {
      holding = false;
      for (const res of held) res.writeHead(503).end();
      held = [];
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

async function health(base: string): Promise<{ status: number; body: Record<string, string> }> {
  const answer = await fetch(`${base}/api/health`);
  return { status: answer.status, body: (await answer.json()) as Record<string, string> };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the shared LISTEN connection', () => {
  it('reconnects after several failed attempts, LISTENs its channels again and tells subscribers to catch up', async () => {
    const channel = `perch_test_heal_${crypto.randomBytes(3).toString('hex')}`;
    const payloads: string[] = [];
    const unsubscribe = await subscribe(channel, (payload) => payloads.push(payload));
    await notify(channel, 'before');
    await waitFor(() => payloads.includes('before'));
    expect(loopState(LISTEN_LOOP)).toMatchObject({ downSince: null });

    killPostgres();
    // Lost: subscribers are told at once to look at the tables, then the attempts fail (the
    // loss and at least three refused attempts, with backoff) for as long as it is down.
    await waitFor(() => (loopState(LISTEN_LOOP)?.failures ?? 0) >= 4, 30_000);
    expect(loopState(LISTEN_LOOP)!.downSince).not.toBeNull();
    expect(payloads).toEqual(['before', '']);

    await restartPostgres();
    await waitFor(() => loopState(LISTEN_LOOP)?.downSince === null, 15_000);
    // Back: told again to catch up on what was notified meanwhile, and listening again.
    expect(payloads).toEqual(['before', '', '']);
    await notify(channel, 'after');
    await waitFor(() => payloads.includes('after'));
    unsubscribe();
  }, 60_000);
});

describe('PostgreSQL killed under an active rule, with deliveries and a stream in flight', () => {
  it('matching and delivery resume by themselves: every tweet matched once, every delivery received once, the stream resumed, the ledger exact', async () => {
    const word = `heal${crypto.randomBytes(4).toString('hex')}`;
    const [author] = await createFixtureUsers(getPool(), 1);
    const writer = await createApiAccount({ label: 'heal-writer', connect: author.username });
    const watcher = await createApiAccount({ label: 'heal-watcher' });
    const receiver = await startHoldingReceiver();
    cleanups.push(() => receiver.close());
    const rule = await watcher.call('POST', '/v2/rules', { body: { tag: 'heal', query: word } });
    expect(rule.status).toBe(200);
    const endpoint = await watcher.call('POST', '/v2/webhooks', { body: { url: receiver.url } });
    expect(endpoint.status).toBe(200);

    const realtime: Realtime = await startRealtime();
    cleanups.push(() => realtime.stop());
    // Holds cut off by the crash (an attempt's hold whose release could not be written) are refunded soon.
    const stopSweeper = startHoldSweeper({ olderThanMs: 3_000, intervalMs: 500 });
    cleanups.push(stopSweeper);
    const notFound: http.RequestListener = (_req, res) => void res.writeHead(404).end();
    const server = createHttpServer([{ prefix: '/v2', handle: apiHandler(answerApiRequest) }, { prefix: '/api/health', handle: healthRoute(notFound) }], notFound);
    const serverPort = await freePort();
    await listen(server, serverPort, '127.0.0.1');
    cleanups.push(() => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    });
    const base = `http://127.0.0.1:${serverPort}`;
    const auth = { authorization: `Bearer ${watcher.key}` };
    const firstStream = await openSse(`${base}/v2/stream`, auth);
    expect(firstStream.response.status).toBe(200);
    // And the TypeScript client's stream, which must reconnect by itself after the error event.
    const perch = new Perch({ apiKey: watcher.key, baseUrl: base, maxRetries: 0 });
    const clientAbort = new AbortController();
    const clientSeen: string[] = [];
    let clientFailure: unknown = null;
    const clientIterating = (async () => {
      try {
        for await (const match of perch.stream({ lastEventId: '0', signal: clientAbort.signal, reconnectDelayMs: 200 })) clientSeen.push(match.id);
      } catch (error) {
        clientFailure = error;
      }
    })();

    // Tweets are written all along (the outage's calls answer 503 and are tried again).
    let writing = true;
    let paused = false;
    let written = 0;
    let writtenSinceBack = 0;
    let back = false;
    const writes = (async () => {
      for (let i = 0; writing; i += 1) {
        if (paused) {
          await sleep(20);
          continue;
        }
        const answer = await writer.call('POST', '/v2/tweets/create', { body: { text: `${word} number ${i}` } }).catch(() => null);
        if (answer?.status === 200) {
          written += 1;
          if (back) writtenSinceBack += 1;
        } else await sleep(100);
        await sleep(40);
      }
    })();
    const matchCount = async () => Number((await getPool().query('SELECT count(*) FROM realtime_matches WHERE rule_id = $1', [rule.body.data.id])).rows[0].count);
    // Every match so far streamed, marked paid and its charge written (usage_daily).
    const allSettled = async () => {
      const { rows } = await getPool().query<{ matches: number; unpaid: number; charged: string }>(
        `SELECT count(*)::int AS matches, count(*) FILTER (WHERE charged_at IS NULL)::int AS unpaid,
                (SELECT coalesce(sum(credits), 0)::text FROM usage_daily WHERE user_id = $2) AS charged
         FROM realtime_matches WHERE rule_id = $1`,
        [rule.body.data.id, watcher.userId],
      );
      const { matches, unpaid, charged } = rows[0];
      return unpaid === 0 && Number(charged) === matches * MATCH_PRICE && firstStream.events.length === matches && clientSeen.length === matches;
    };

    // Before: matched, delivered and streamed.
    await waitFor(() => receiver.received.length >= 5 && firstStream.events.length >= 5, 30_000);
    // Deliveries in flight: the endpoint holds the next requests.
    receiver.hold();
    await waitFor(() => receiver.held() >= 2, 30_000);
    // The kill lands between a charge's two statements only by chance (a match marked paid whose
    // charge is lost is an under-charge of its own, not this test's subject): writes pause until
    // what was matched is streamed and paid, and the metering commits (asynchronous) are on disk.
    paused = true;
    await waitFor(allSettled, 30_000);
    await sleep(500);
    killPostgres();
    paused = false;

    // The open stream is told to reconnect, and closes.
    await waitFor(() => firstStream.events.some((event) => event.event === 'error'), 15_000);
    const streamError = firstStream.events.find((event) => event.event === 'error')!;
    expect(JSON.parse(streamError.data)).toMatchObject({ code: 'unavailable', retryable: true });
    await waitFor(() => firstStream.ended(), 5_000);
    // The load balancer's view: out of service.
    const during = await health(base);
    expect(during).toMatchObject({ status: 503, body: { database: 'unavailable', realtime: 'recovering' } });
    // The held attempts fail while the database is gone: their workers cannot release their
    // jobs and graphile-worker's runner loses them (it would go on with none left).
    receiver.release();
    await waitFor(() => loopState(JOBS_LOOP)?.downSince != null, 15_000);
    await sleep(500);

    await restartPostgres();
    back = true;
    // Resumed by themselves within 10 s: tweets written since are matched and delivered.
    const matchedBefore = await matchCount();
    const receivedBefore = receiver.received.length;
    await waitFor(async () => writtenSinceBack >= 3 && (await matchCount().catch(() => 0)) > matchedBefore && receiver.received.length > receivedBefore, 10_000);
    await waitFor(() => writtenSinceBack >= 20, 30_000);
    writing = false;
    await writes;

    // Every tweet of the rule's word is matched exactly once; the queue is empty.
    const tweets = (await getPool().query<{ id: string }>(`SELECT id::text FROM platform.tweets WHERE author_id = $1 AND text LIKE $2 ORDER BY id`, [author.id, `${word} %`])).rows.map((row) => row.id);
    expect(tweets.length).toBeGreaterThanOrEqual(written);
    await waitFor(async () => (await matchCount()) === tweets.length, 30_000);
    const matches = (
      await getPool().query<{ id: string; tweet_id: string }>('SELECT m.id::text, m.tweet_id::text FROM realtime_matches m WHERE m.rule_id = $1 ORDER BY m.id', [rule.body.data.id])
    ).rows;
    expect(matches.map((match) => match.tweet_id).sort()).toEqual([...tweets].sort());
    expect(Number((await getPool().query('SELECT count(*) FROM realtime_tweet_queue')).rows[0].count)).toBe(0);

    // Every match has one delivery, delivered, and received once by its id (the held attempts were answered 503).
    const deliveries = async () =>
      (await getPool().query<{ id: string; status: string }>('SELECT id::text, status FROM realtime_deliveries WHERE endpoint_id = $1::bigint', [endpoint.body.data.id])).rows;
    await waitFor(async () => (await deliveries()).length === matches.length && (await deliveries()).every((d) => d.status === 'delivered'), 60_000);
    await waitFor(() => new Set(receiver.received).size === matches.length, 10_000);
    expect(receiver.received.length).toBe(matches.length);
    expect(new Set(receiver.received)).toEqual(new Set((await deliveries()).map((d) => d.id)));
    // The runner that lost its workers was replaced.
    expect(realtime.queue.starts()).toBeGreaterThanOrEqual(2);

    // The stream resumes after the last event it got: the rest, each once.
    const lastSeen = firstStream.events.filter((event) => event.event === 'match').at(-1)!.id!;
    const secondStream = await openSse(`${base}/v2/stream`, { ...auth, 'last-event-id': lastSeen });
    cleanups.push(() => secondStream.close());
    expect(secondStream.response.status).toBe(200);
    const streamed = () => [...firstStream.events, ...secondStream.events].filter((event: SseEvent) => event.event === 'match').map((event) => event.id!);
    await waitFor(() => streamed().length >= matches.length, 30_000);
    expect(streamed()).toEqual(matches.map((match) => match.id));
    await waitFor(() => clientSeen.length >= matches.length || clientFailure !== null, 30_000);
    clientAbort.abort();
    await clientIterating;
    expect(clientFailure).toBeNull();
    expect(clientSeen).toEqual(matches.map((match) => match.id));

    // Each match paid once, on its first delivery; holds the crash cut off refunded; ledger exact.
    await flushMetering();
    await waitFor(async () => (await getPool().query('SELECT 1 FROM credit_holds WHERE user_id = $1', [watcher.userId])).rowCount === 0, 30_000);
    const charged = await getPool().query<{ credits: string }>('SELECT coalesce(sum(credits), 0)::text AS credits FROM usage_daily WHERE user_id = $1', [watcher.userId]);
    expect(Number(charged.rows[0].credits)).toBe(matches.length * MATCH_PRICE);
    await expectLedgersBalanced();

    // And /api/health says every loop is working again.
    // (A 200 can come first: a loop still within its grace reads "recovering" without failing the check.)
    const healthy: Record<string, string> = { database: 'ok', realtime: 'ok', [MATCH_LOOP]: 'ok', [JOBS_LOOP]: 'ok', [USAGE_FLUSH_LOOP]: 'ok' };
    await waitFor(async () => {
      const answer = await health(base);
      return answer.status === 200 && Object.entries(healthy).every(([loop, state]) => answer.body[loop] === state);
    }, 15_000);
    expect((await health(base)).body).toMatchObject(healthy);
  }, 180_000);
});

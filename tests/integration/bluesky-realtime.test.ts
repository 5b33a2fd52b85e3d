import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { JETSTREAM_REWIND_US } from '@/lib/platform/bluesky/stream/jetstream';
import { getPool } from '@/lib/db/pool';
import { startRealtime, type Realtime } from '@/lib/delivery/start-realtime';
import { setServedPlatforms } from '@/lib/platform/served-platforms';
import { freePort } from '@/lib/server/free-port';
import { waitFor } from '../support/account-fixtures';
import { expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { startRealtimeHarness, type RealtimeHarness } from '../support/realtime-harness';
import { startAtprotoNetwork, type AtprotoNetwork } from '../support/atproto-network';
import { blueskyPlatforms, seedBlueskyWorld, type BlueskyWorld } from '../support/bluesky-world';
import { matchesOf, pairs, poster, warmUp, WARM_UP_TAG } from '../support/bluesky-realtime-helpers';
import { openSse } from '../support/sse-client';

// Real-time rules on Bluesky: posts written on a real local AT Protocol network (@atproto/dev-env)
// reach the rules through its PDS's firehose, and through a stand-in Jetstream speaking
// Jetstream's documented JSON, and are delivered to GET /v2/stream and a signed webhook once;
// a restart of the real-time workers resumes from the stored stream position.

process.env.PERCH_STREAM_HEARTBEAT_MS = '200';
process.env.PERCH_WEBHOOK_RETRY_BASE_MS = '200';

let atproto: AtprotoNetwork;
let world: BlueskyWorld;
let account: ApiAccount;
let realtime: Realtime | null = null;
let stopHarness: RealtimeHarness['stop'] | undefined;
let base: string;
let receiver: RealtimeHarness['receiver'];
const word = `heron${crypto.randomBytes(4).toString('hex')}`;
const warmWord = `warm${crypto.randomBytes(4).toString('hex')}`;
let post: ReturnType<typeof poster>['post'];

/** What the webhook receiver got, the warm-up rule's left out. */
const delivered = () => receiver.received.filter((r) => r.body.match!.rule.tag !== WARM_UP_TAG);

async function matchCount(): Promise<number> {
  const { rows } = await getPool().query<{ n: number }>(
    'SELECT count(*)::int AS n FROM realtime_matches m JOIN realtime_rules r ON r.id = m.rule_id WHERE m.key_id = $1 AND r.tag <> $2',
    [account.keyId, WARM_UP_TAG],
  );
  return rows[0].n;
}

async function storedCursor(prefix: string): Promise<number | null> {
  const { rows } = await getPool().query<{ cursor: string }>('SELECT cursor::text FROM realtime_stream_cursors WHERE source LIKE $1', [`${prefix}%`]);
  return rows[0] ? Number(rows[0].cursor) : null;
}

beforeAll(async () => {
  atproto = await startAtprotoNetwork();
  world = await seedBlueskyWorld(atproto);
  post = poster(atproto, world).post;
  setServedPlatforms(blueskyPlatforms(atproto));
  ({ account, receiver, base, stop: stopHarness } = await startRealtimeHarness('bluesky-realtime'));
});

afterAll(async () => {
  await stopHarness?.(realtime);
  await atproto?.stop();
  await expectLedgersBalanced();
});

describe('Bluesky rules from the PDS firehose', () => {
  const sent: Record<string, string> = {};
  let lastEventId = '';

  it('are rules of Bluesky: handles and DIDs in queries and account lists', async () => {
    expect((await account.call('POST', '/v2/rules', { body: { tag: WARM_UP_TAG, query: warmWord } })).status).toBe(200);
    const words = await account.call('POST', '/v2/rules', { body: { tag: 'words', query: word } });
    expect(words.status).toBe(200);
    expect(words.body.data).toMatchObject({ type: 'query', platform: 'bluesky', status: 'active' });
    const fromBob = await account.call('POST', '/v2/rules', { body: { tag: 'from-bob', query: `from:${world.handles.bob} ${word}` } });
    expect(fromBob.body.data.platform).toBe('bluesky');
    const toAlice = await account.call('POST', '/v2/rules', { body: { tag: 'to-alice', query: `to:${world.dids.alice}` } });
    expect(toAlice.status).toBe(200);
    const carol = await account.call('POST', '/v2/rules', { body: { tag: 'carol', accounts: [`@${world.handles.carol}`] } });
    expect(carol.body.data).toMatchObject({ type: 'accounts', accounts: [world.handles.carol], platform: 'bluesky' });
    // A rule id is Perch's own, the same on every platform.
    expect((await account.call('GET', `/v2/rules/${carol.body.data.id}`)).body.data.tag).toBe('carol');
    const bad = await account.call('POST', '/v2/rules/validate', { body: { tag: 'x', query: 'from:not_a_handle' } });
    expect(bad.status).toBe(400);
    const local = await account.call('POST', '/v2/rules/validate', { body: { tag: 'x', query: 'from:not_a_handle' }, headers: { 'perch-platform': 'local' } });
    expect(local.status).toBe(200);
  });

  it('deliver new posts to the stream and the webhook once, authors hydrated from the AppView', async () => {
    realtime = await startRealtime();
    const stream = await openSse(`${base}/v2/stream`, { authorization: `Bearer ${account.key}` });
    expect(stream.response.status).toBe(200);
    await warmUp((text) => post('erin', text), warmWord, () => stream.events);

    sent.alice = (await post('alice', `${word} from alice`)).id;
    sent.bob = (await post('bob', `${word} from bob`)).id;
    sent.carol = (await post('carol', 'carol says something else')).id;
    await post('dan', 'dan matches no rule');
    // A reply to alice: to: by DID.
    const question = await post('alice', 'alice asks a question');
    sent.reply = (await post('bob', 'erm, an answer', { root: question.ref, parent: question.ref })).id;

    const expected = [`words ${sent.alice}`, `words ${sent.bob}`, `from-bob ${sent.bob}`, `carol ${sent.carol}`, `to-alice ${sent.reply}`].sort();
    await waitFor(() => pairs(matchesOf(stream.events)).length >= expected.length, 30_000);
    await waitFor(() => delivered().length >= expected.length, 30_000);
    expect(pairs(matchesOf(stream.events))).toEqual(expected);
    const bobs = matchesOf(stream.events).find((m) => m.tweet.id === sent.bob)!;
    expect(bobs.tweet).toMatchObject({ text: `${word} from bob`, author: { username: world.handles.bob } });
    expect(pairs(delivered().map((r) => ({ rule: r.body.match!.rule, tweet: r.body.tweet! })))).toEqual(expected);
    expect(receiver.rejected).toEqual([]);
    expect(await matchCount()).toBe(expected.length);
    lastEventId = stream.events.filter((e) => e.event === 'match').at(-1)!.id!;
    await stream.close();
  });

  it('resume after a restart from the stored position: posts made while down arrive, nothing twice', async () => {
    await realtime!.stop();
    realtime = null;
    const position = await storedCursor('bluesky:firehose:');
    expect(position).not.toBeNull();

    sent.down1 = (await post('alice', `${word} while perch was down`)).id;
    sent.down2 = (await post('erin', `${word} also while down`)).id;

    realtime = await startRealtime();
    const stream = await openSse(`${base}/v2/stream`, { authorization: `Bearer ${account.key}`, 'last-event-id': lastEventId });
    await waitFor(() => pairs(matchesOf(stream.events)).length >= 2, 30_000);
    sent.after = (await post('bob', `${word} after the restart`)).id;
    await waitFor(() => pairs(matchesOf(stream.events)).length >= 4, 30_000);
    await waitFor(() => delivered().length >= 9, 30_000);
    expect(pairs(matchesOf(stream.events))).toEqual([`from-bob ${sent.after}`, `words ${sent.after}`, `words ${sent.down1}`, `words ${sent.down2}`].sort());
    expect(await matchCount()).toBe(9);
    expect(new Set(delivered().map((r) => r.deliveryId)).size).toBe(9);
    expect(receiver.counts().duplicates).toBe(0);
    // The position moves with each committed batch; under load the last batch may commit a moment after its deliveries.
    await waitFor(async () => Number(await storedCursor('bluesky:firehose:')) > position!, 30_000);
    await stream.close();
  });
});

describe('Bluesky rules from Jetstream', () => {
  let jetstream: WebSocketServer;
  let url: string;
  const connections: { query: URLSearchParams; socket: WebSocket; closed: boolean }[] = [];
  let time = Date.now() * 1000;

  /** A commit event as Jetstream documents it (github.com/bluesky-social/jetstream). */
  const commit = (did: string, rkey: string, text: string, operation = 'create') => ({
    did,
    time_us: (time += 1000),
    kind: 'commit',
    commit: {
      rev: '3l3qo2vutsw2b',
      operation,
      collection: 'app.bsky.feed.post',
      rkey,
      ...(operation === 'delete' ? {} : { record: { $type: 'app.bsky.feed.post', createdAt: new Date().toISOString(), langs: ['en'], text }, cid: 'bafyreidc6sydkkbchcyg62v77wbhzvb2mvytlmsychqgwf2xojjtirmzj4' }),
    },
  });
  const send = (events: object[]) => {
    const open = connections.at(-1)!;
    for (const event of events) open.socket.send(JSON.stringify(event));
    return (events.at(-1) as { time_us: number }).time_us;
  };

  beforeAll(async () => {
    await realtime?.stop();
    realtime = null;
    const port = await freePort();
    jetstream = new WebSocketServer({ port, host: '127.0.0.1', path: '/subscribe' });
    jetstream.on('connection', (socket, request) => {
      const connection = { query: new URL(request.url!, 'ws://x').searchParams, socket, closed: false };
      socket.on('close', () => {
        connection.closed = true;
      });
      connections.push(connection);
    });
    url = `ws://127.0.0.1:${port}/subscribe`;
    setServedPlatforms(blueskyPlatforms(atproto, { stream: { kind: 'jetstream', url } }));
  });

  afterAll(async () => {
    // The reader first: the server's close waits for its connections to end.
    await realtime?.stop();
    realtime = null;
    for (const client of jetstream?.clients ?? []) client.terminate();
    await new Promise((resolve) => jetstream?.close(resolve));
  });

  it('are read by one instance, live, and after a failover from time_us without repeating', async () => {
    const before = await matchCount();
    realtime = await startRealtime();
    await waitFor(() => connections.length === 1, 10_000);
    expect(connections[0].query.get('wantedCollections')).toBe('app.bsky.feed.post');
    expect(connections[0].query.get('cursor')).toBeNull();

    const first = send([
      commit(world.dids.alice, '3jetone00001a', `${word} via jetstream`),
      // Records are what clients wrote: one Perch cannot map is passed over, not retried forever.
      { ...commit(world.dids.carol, '3jetbad00001a', ''), commit: { operation: 'create', collection: 'app.bsky.feed.post', rkey: '3jetbad00001a', record: { text: 42 } } },
      { ...commit(world.dids.carol, '3jetbad00002a', ''), commit: { operation: 'create', collection: 'app.bsky.feed.post', rkey: '3jetbad00002a', record: { text: `${word} \u0000` } } },
      { did: world.dids.bob, time_us: (time += 1000), kind: 'identity', identity: { did: world.dids.bob, handle: world.handles.bob, seq: 1, time: new Date().toISOString() } },
      commit(world.dids.dan, '3jetone00002a', 'nothing to see'),
      commit(world.dids.alice, '3jetone00001a', '', 'delete'),
    ]);
    await waitFor(async () => (await storedCursor(`bluesky:jetstream:${url}`)) === first, 30_000);
    await waitFor(() => delivered().length >= 10, 30_000);
    expect(delivered().at(-1)!.body).toMatchObject({ match: { rule: { tag: 'words' } }, tweet: { id: `${world.dids.alice}~3jetone00001a`, author: { username: world.handles.alice } } });

    // A second instance stands by (the first already reads the stream, so it leads) and takes
    // over when the first stops, from the stored position.
    const standby = await startRealtime();
    await realtime.stop();
    realtime = standby;
    await waitFor(() => connections.length === 2, 10_000);
    expect(connections[1].query.get('cursor')).toBe(String(first - JETSTREAM_REWIND_US));
    // Jetstream replays from a little before the position: the post seen before comes again, and one new.
    const second = send([commit(world.dids.alice, '3jetone00001a', `${word} via jetstream`), commit(world.dids.erin, '3jettwo00001a', `${word} after the jetstream restart`)]);
    await waitFor(async () => (await storedCursor(`bluesky:jetstream:${url}`)) === second, 30_000);
    await waitFor(() => delivered().length >= 11, 30_000);
    expect(await matchCount()).toBe(before + 2);
    expect(new Set(delivered().map((r) => r.deliveryId)).size).toBe(11);
    expect(receiver.counts().duplicates).toBe(0);
    expect(connections.filter((connection) => !connection.closed)).toHaveLength(1);
  });

  it('closes the stream and forgets its position when no rule watches Bluesky, and opens it live again', async () => {
    const { rows } = await getPool().query<{ id: string }>('SELECT id::text FROM realtime_rules WHERE key_id = $1', [account.keyId]);
    for (const { id } of rows) expect((await account.call('POST', `/v2/rules/${id}/pause`)).status).toBe(200);
    await waitFor(() => connections.at(-1)!.closed, 30_000);
    await waitFor(async () => (await storedCursor(`bluesky:jetstream:${url}`)) === null, 30_000);
    expect((await account.call('POST', `/v2/rules/${rows[0].id}/resume`)).status).toBe(200);
    await waitFor(() => connections.length === 3, 30_000);
    expect(connections[2].query.get('cursor')).toBeNull();
  });
});

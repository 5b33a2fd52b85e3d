import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '@/lib/db/migrate';
import { closePool, getPool } from '@/lib/db/pool';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { startServer, type RunningServer } from '../support/api-server';
import { startAtprotoNetwork, type AtprotoNetwork } from '../support/atproto-network';
import { matchesOf, pairs, poster, warmUp, WARM_UP_TAG } from '../support/bluesky-realtime-helpers';
import { seedBlueskyWorld, type BlueskyWorld } from '../support/bluesky-world';
import { openSse } from '../support/sse-client';
import { startWebhookReceiver } from '../support/webhook-receiver';

// The production entry (server.ts) serving Bluesky from a local AT Protocol network: a rule
// created over HTTP reads the PDS's firehose; the server is killed with -9 and started again,
// and the posts made while it was down are delivered, none twice, from the stored position.

let atproto: AtprotoNetwork;
let world: BlueskyWorld;
let account: ApiAccount;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const servers: RunningServer[] = [];
// A database of this file's own: its rules watch Bluesky and its servers elect a stream reader,
// which must not meet the other Bluesky files' rules and readers running beside it.
const sharedUrl = process.env.DATABASE_URL!;
const ownName = `perch_bsky_server_${crypto.randomBytes(4).toString('hex')}`;
const word = `egret${crypto.randomBytes(4).toString('hex')}`;
const warmWord = `warm${crypto.randomBytes(4).toString('hex')}`;

const serverEnv = () => ({
  PERCH_PLATFORM: 'bluesky',
  // The embedded platform is not served here: nothing to seed in this file's fresh database.
  PERCH_AUTO_SEED: '0',
  PERCH_BLUESKY_APPVIEW_URL: atproto.appViewUrl,
  PERCH_BLUESKY_SERVICE_URL: atproto.pdsUrl,
  PERCH_BLUESKY_FIREHOSE_URL: atproto.pdsUrl,
  PERCH_UPSTREAM_CACHE_SECONDS: '0',
  PERCH_STREAM_HEARTBEAT_MS: '200',
  // Short ages, so that a hold or credit lease the killed server left is swept within seconds.
  PERCH_HOLD_SWEEP_AGE_MS: '3000',
  PERCH_HOLD_SWEEP_INTERVAL_MS: '500',
  PERCH_LEASE_TTL_MS: '2000',
});

/** Holds and credit leases of the account taken before `since`: the killed server's, once the second server has settled its own. */
async function leftBefore(userId: string, since: Date): Promise<number> {
  const { rows } = await getPool().query<{ n: string }>(
    'SELECT (SELECT count(*) FROM credit_holds WHERE user_id = $1 AND created_at < $2) + (SELECT count(*) FROM credit_leases WHERE user_id = $1 AND created_at < $2) AS n',
    [userId, since],
  );
  return Number(rows[0].n);
}

async function call(server: RunningServer, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${account.key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } };
}

beforeAll(async () => {
  await getPool().query(`CREATE DATABASE ${ownName}`);
  await closePool();
  const own = new URL(sharedUrl);
  own.pathname = `/${ownName}`;
  process.env.DATABASE_URL = own.toString();
  await migrateDatabase(process.env.DATABASE_URL, { quiet: true });
  atproto = await startAtprotoNetwork();
  world = await seedBlueskyWorld(atproto);
  account = await createApiAccount({ label: 'bluesky-server' });
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  for (const server of servers) await server.stop();
  await receiver?.down();
  await atproto?.stop();
  await expectLedgersBalanced();
  await closePool();
  process.env.DATABASE_URL = sharedUrl;
  await getPool().query(`DROP DATABASE IF EXISTS ${ownName} WITH (FORCE)`);
});

describe('a Perch server reading Bluesky', () => {
  it('killed with -9 and started again, resumes from the stored position: no post lost, none twice', { timeout: 20 * 60_000 }, async () => {
    const { post } = poster(atproto, world);
    const first = await startServer(process.env.DATABASE_URL!, serverEnv());
    servers.push(first);
    const endpoint = await call(first, 'POST', '/v2/webhooks', { url: receiver.url });
    receiver.setSecrets([endpoint.body.data.secret as string]);
    expect((await call(first, 'POST', '/v2/rules', { tag: WARM_UP_TAG, query: warmWord })).body.data.platform).toBe('bluesky');
    expect((await call(first, 'POST', '/v2/rules', { tag: 'words', query: word })).status).toBe(200);

    const stream = await openSse(`${first.url}/v2/stream`, { authorization: `Bearer ${account.key}` });
    expect(stream.response.status).toBe(200);
    await warmUp((text) => post('erin', text), warmWord, () => stream.events);
    const before = [(await post('alice', `${word} before the kill`)).id, (await post('bob', `${word} also before`)).id];
    await waitFor(() => pairs(matchesOf(stream.events)).length >= 2, 30_000);
    const lastEventId = stream.events.filter((e) => e.event === 'match').at(-1)!.id!;
    await stream.close();
    // Delivered before the kill: a webhook job the killed worker held would wait hours for graphile-worker to free it.
    await waitFor(() => receiver.received.filter((r) => r.body.match?.rule.tag === 'words').length >= 2, 30_000);

    await first.kill();
    const killedAt = new Date();
    const during = [(await post('carol', `${word} while the server was dead`)).id, (await post('dan', `${word} also while dead`)).id];

    const second = await startServer(process.env.DATABASE_URL!, serverEnv());
    servers.push(second);
    const resumed = await openSse(`${second.url}/v2/stream`, { authorization: `Bearer ${account.key}`, 'last-event-id': lastEventId });
    await waitFor(() => pairs(matchesOf(resumed.events)).length >= 2, 60_000);
    const after = (await post('erin', `${word} after the restart`)).id;
    await waitFor(() => pairs(matchesOf(resumed.events)).length >= 3, 30_000);
    await resumed.close();

    const all = [...before, ...during, after].map((id) => `words ${id}`).sort();
    expect([...pairs(matchesOf(stream.events)), ...pairs(matchesOf(resumed.events))].sort()).toEqual(all);
    const words = () => receiver.received.filter((r) => r.body.match?.rule.tag === 'words');
    await waitFor(() => words().length >= all.length, 30_000);
    expect(words().map((r) => `words ${r.body.tweet!.id}`).sort()).toEqual(all);
    expect(receiver.counts().duplicates).toBe(0);
    const { rows } = await getPool().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM realtime_matches m JOIN realtime_rules r ON r.id = m.rule_id WHERE m.key_id = $1 AND r.tag = 'words'`,
      [account.keyId],
    );
    expect(rows[0].n).toBe(all.length);
    expect(second.output()).toMatch(/"msg":"bluesky: reading firehose \S+ from \d+/);
    // What the killed server held or leased is swept by the second; then the ledger is exact (afterAll).
    await waitFor(async () => (await leftBefore(account.userId, killedAt)) === 0, 60_000);
  });
});

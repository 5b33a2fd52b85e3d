import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AtpAgent } from '@atproto/api';
import { getPool } from '@/lib/db/pool';
import { startRealtime, type Realtime } from '@/lib/delivery/start-realtime';
import { setServedPlatforms } from '@/lib/platform/served-platforms';
import { waitFor } from '../support/account-fixtures';
import { expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { startRealtimeHarness, type RealtimeHarness } from '../support/realtime-harness';
import { startAtprotoNetwork, type AtprotoNetwork } from '../support/atproto-network';
import { blueskyPlatforms, seedBlueskyWorld, type BlueskyWorld } from '../support/bluesky-world';
import { poster, warmUp, WARM_UP_TAG, type Name } from '../support/bluesky-realtime-helpers';
import { openSse, type SseEvent } from '../support/sse-client';

// Account monitors on Bluesky (issue 32): follows, unfollows, profile edits and an account's
// deactivation made on a real local AT Protocol network (@atproto/dev-env) reach Perch through the
// PDS's firehose and arrive once each, in order per monitored account, at a webhook, on the stream
// and in GET /v2/events; a restart of the source while changes are made loses and repeats nothing.
// Unfollows of records made before the monitor started are known from the seeding (the AppView).

process.env.PERCH_STREAM_HEARTBEAT_MS = '200';
process.env.PERCH_WEBHOOK_RETRY_BASE_MS = '200';

type EventItem = { id: string; type: string; rule: { id: string; tag: string } | null; data: Record<string, unknown> };

let atproto: AtprotoNetwork;
let world: BlueskyWorld;
let account: ApiAccount;
let realtime: Realtime | null = null;
let stopHarness: RealtimeHarness['stop'] | undefined;
let base: string;
let receiver: RealtimeHarness['receiver'];
let agentOf: (name: Name) => Promise<AtpAgent>;
let post: ReturnType<typeof poster>['post'];
let follows: string;
let profile: string;
const warmWord = `warm${crypto.randomBytes(4).toString('hex')}`;

async function rule(body: Record<string, unknown>): Promise<string> {
  const answer = await account.call('POST', '/v2/rules', { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.data.platform).toBe('bluesky');
  return answer.body.data.id as string;
}

async function events(ruleId: string): Promise<EventItem[]> {
  const answer = await account.call('GET', '/v2/events', { query: { count: 1000, rule_id: ruleId } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as EventItem[];
}

/** The follow record of `name` naming `subject`, from its repository. */
async function followUri(name: Name, subject: string): Promise<string> {
  const agent = await agentOf(name);
  const { data } = await agent.com.atproto.repo.listRecords({ repo: world.dids[name], collection: 'app.bsky.graph.follow', limit: 100 });
  const record = data.records.find((r) => (r.value as { subject?: string }).subject === subject);
  if (!record) throw new Error(`${name} does not follow ${subject}`);
  return record.uri;
}

const follow = async (name: Name, other: Name) => (await (await agentOf(name)).follow(world.dids[other])).uri;
const unfollow = async (name: Name, other: Name) => (await agentOf(name)).deleteFollow(await followUri(name, world.dids[other]));
const editProfile = async (name: Name, edit: Record<string, string>) => (await agentOf(name)).upsertProfile((old) => ({ ...(old ?? {}), ...edit }));

const user = (name: Name) => expect.objectContaining({ id: world.dids[name], username: world.handles[name], profile_url: `https://bsky.app/profile/${world.handles[name]}` });
const followed = (type: string, direction: 'followers' | 'following', follower: Name, followee: Name) => [
  type,
  { monitor: { username: world.handles.alice, direction }, follower: user(follower), followed: user(followee) },
];
const shape = (list: EventItem[]) => list.map((e) => [e.type, e.data]);

async function monitorEventCount(): Promise<number> {
  const { rows } = await getPool().query<{ n: number }>('SELECT count(*)::int AS n FROM realtime_matches WHERE rule_id = ANY ($1::bigint[])', [[follows, profile]]);
  return rows[0].n;
}

/** What the webhook receiver took of the monitors, by event id. */
const deliveredIds = (ruleId: string) => receiver.received.filter((r) => r.body.match?.rule.id === ruleId).map((r) => r.body.match!.id);

beforeAll(async () => {
  atproto = await startAtprotoNetwork();
  world = await seedBlueskyWorld(atproto);
  ({ agentOf, post } = poster(atproto, world));
  setServedPlatforms(blueskyPlatforms(atproto));
  ({ account, receiver, base, stop: stopHarness } = await startRealtimeHarness('monitors-bluesky'));
});

afterAll(async () => {
  await stopHarness?.(realtime);
  await atproto?.stop();
  await expectLedgersBalanced();
});

describe('account monitors on Bluesky', () => {
  let stream: Awaited<ReturnType<typeof openSse>>;
  const monitorSse = () => stream.events.filter((e: SseEvent) => e.event?.startsWith('follow.') || e.event?.startsWith('profile.'));

  it('deliver follows, unfollows (of records older than the monitor too) and profile edits once each, in order', async () => {
    await rule({ tag: WARM_UP_TAG, query: warmWord });
    follows = await rule({ tag: 'alice-follows', follows: { username: world.handles.alice, direction: 'both' } });
    profile = await rule({ tag: 'bob-profile', profile: { usernames: [world.handles.bob] } });
    realtime = await startRealtime();
    stream = await openSse(`${base}/v2/stream`, { authorization: `Bearer ${account.key}` });
    expect(stream.response.status).toBe(200);
    await warmUp((text) => post('erin', text), warmWord, () => stream.events);

    await unfollow('erin', 'alice'); // a record made before the monitor: known from the seeding
    await follow('alice', 'carol');
    await unfollow('dan', 'alice');
    await follow('dan', 'alice');
    await editProfile('bob', { displayName: 'Bob Birder' });
    await editProfile('bob', { description: 'heron watcher' });
    await unfollow('alice', 'bob'); // alice's own record, from before the monitor
    await follow('carol', 'dan'); // nobody's monitor

    await waitFor(async () => (await events(follows)).length >= 5 && (await events(profile)).length >= 2, 60_000);
    expect(shape(await events(follows))).toEqual([
      followed('follow.removed', 'followers', 'erin', 'alice'),
      followed('follow.added', 'following', 'alice', 'carol'),
      followed('follow.removed', 'followers', 'dan', 'alice'),
      followed('follow.added', 'followers', 'dan', 'alice'),
      followed('follow.removed', 'following', 'alice', 'bob'),
    ]);
    expect(shape(await events(profile))).toEqual([
      ['profile.updated', { user: expect.objectContaining({ id: world.dids.bob, username: world.handles.bob, name: 'Bob Birder' }), changes: [{ field: 'name', old: 'Bob', new: 'Bob Birder' }] }],
      ['profile.updated', { user: expect.objectContaining({ id: world.dids.bob, name: 'Bob Birder' }), changes: [{ field: 'description', old: 'bird watcher', new: 'heron watcher' }] }],
    ]);
    const all = [...(await events(follows)), ...(await events(profile))].sort((a, b) => Number(a.id) - Number(b.id));
    await waitFor(() => monitorSse().length >= 7, 30_000);
    expect(monitorSse().map((e) => [e.id, e.event])).toEqual(all.map((e) => [e.id, e.type]));
    await waitFor(() => deliveredIds(follows).length + deliveredIds(profile).length >= 7, 30_000);
    expect(deliveredIds(follows)).toEqual(all.filter((e) => e.rule!.id === follows).map((e) => e.id));
    expect(deliveredIds(profile)).toEqual(all.filter((e) => e.rule!.id === profile).map((e) => e.id));
    const first = receiver.received.find((r) => r.body.match?.id === all[0].id)!;
    expect(first.body).toMatchObject({ event: all[0].type, data: all[0].data });
    expect(await monitorEventCount()).toBe(7);
  });

  it('resume after a restart of the source: changes made while down arrive, nothing twice', async () => {
    await realtime!.stop();
    realtime = null;
    await unfollow('dan', 'alice'); // the record the stream saw made, not the seeding
    await editProfile('bob', { displayName: 'Bob' });
    realtime = await startRealtime();
    await waitFor(async () => (await events(follows)).length >= 6 && (await events(profile)).length >= 3, 60_000);
    expect(shape(await events(follows)).at(-1)).toEqual(followed('follow.removed', 'followers', 'dan', 'alice'));
    expect(shape(await events(profile)).at(-1)).toEqual(['profile.updated', { user: expect.objectContaining({ id: world.dids.bob, name: 'Bob' }), changes: [{ field: 'name', old: 'Bob Birder', new: 'Bob' }] }]);
    await waitFor(() => monitorSse().length >= 9, 30_000);
    await waitFor(() => deliveredIds(follows).length + deliveredIds(profile).length >= 9, 30_000);
    expect(await monitorEventCount()).toBe(9);
    expect(receiver.counts().duplicates).toBe(0);
    expect(new Set(monitorSse().map((e) => e.id)).size).toBe(9);
  });

  it('report a deactivated account unavailable and its return available', async () => {
    const bob = await agentOf('bob');
    await bob.com.atproto.server.deactivateAccount({});
    await waitFor(async () => (await events(profile)).length >= 4, 60_000);
    await bob.com.atproto.server.activateAccount();
    await waitFor(async () => (await events(profile)).length >= 5, 60_000);
    const last = shape((await events(profile)).slice(3));
    expect(last).toEqual([
      ['profile.unavailable', { user: expect.objectContaining({ id: world.dids.bob, username: world.handles.bob }), reason: 'deleted' }],
      ['profile.available', { user: expect.objectContaining({ id: world.dids.bob, username: world.handles.bob }) }],
    ]);
    await waitFor(() => deliveredIds(profile).length >= 5, 30_000);
    expect(await monitorEventCount()).toBe(11);
    await stream.close();
  });
});

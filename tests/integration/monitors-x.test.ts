import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { grantCredits } from '@/lib/credits';
import type { Stoppable } from '@/lib/db/run-while-leader';
import { startRealtime, type Realtime } from '@/lib/delivery/start-realtime';
import { startXPollers } from '@/lib/monitors/x-pollers';
import { setServedPlatforms } from '@/lib/platform/served-platforms';
import { ensurePriceBook } from '@/lib/prices/price-book-sync';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { startFakeX, type FakeX } from '../support/fake-x-api';
import { startRealtimeHarness, type RealtimeHarness } from '../support/realtime-harness';
import { X_IDS as I, xPlatforms, xWorld } from '../support/x-world';

// Account monitors on X (issue 32) against the local fake X API: Perch polls the followers and
// following lists and the users lookup at each rule's interval, diffs them against the state it
// stored, and sends what changed once, through a signed webhook and GET /v2/events, charging each
// poll's reads. Time runs 50 times faster for the source (a second lasts 20 ms): 10 s are 200 ms.

process.env.PERCH_WEBHOOK_RETRY_BASE_MS = '100';
const X_TIME = { secondMs: 20 };
const GINA = '1007';

type EventItem = { id: string; type: string; rule: { id: string; tag: string } | null; data: Record<string, unknown> };

let fake: FakeX;
let account: ApiAccount;
let realtime: Realtime | null = null;
let monitors: Stoppable | null = null;
let stopHarness: RealtimeHarness['stop'] | undefined;
let receiver: RealtimeHarness['receiver'];

async function rule(owner: ApiAccount, body: Record<string, unknown>): Promise<string> {
  const answer = await owner.call('POST', '/v2/rules', { body: { interval_seconds: 10, ...body } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.id as string;
}

async function events(owner: ApiAccount, query: Record<string, string> = {}): Promise<EventItem[]> {
  const answer = await owner.call('GET', '/v2/events', { query: { count: 1000, ...query } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as EventItem[];
}

/** How many times the fake was asked for this path (query left out). */
const asked = (path: string) => fake.calls.filter((call) => call.split('?')[0] === `GET ${path}`).length;

/** Waits for `n` more requests to the path: that many more polls went by. */
async function pollsGoBy(path: string, n = 3): Promise<void> {
  const from = asked(path);
  await waitFor(() => asked(path) >= from + n, 20_000);
}

async function stateVersion(ruleId: string): Promise<number | null> {
  const { rows } = await getPool().query<{ version: string }>('SELECT version FROM realtime_x_monitor_state WHERE rule_id = $1', [ruleId]);
  return rows[0] ? Number(rows[0].version) : null;
}

const user = (id: string) => {
  const u = fake.world.users.find((x) => x.id === id)!;
  return { id, username: u.username, name: u.name, profile_url: `https://x.com/${u.username}` };
};

beforeAll(async () => {
  await ensurePriceBook();
  fake = await startFakeX(xWorld());
  fake.world.users.push({ id: GINA, username: 'gina', name: 'Gina', description: '', protected: false, verified: false });
  // The real-time workers (deliveries) start before X is served: this file runs its own X monitor
  // source, on shrunk time, as the one leader.
  realtime = await startRealtime();
  setServedPlatforms(xPlatforms(fake));
  ({ account, receiver, stop: stopHarness } = await startRealtimeHarness('x-monitors'));
});

afterAll(async () => {
  await monitors?.stop();
  await stopHarness?.(realtime);
  await fake?.close();
  await expectLedgersBalanced();
});

describe('account monitors on X, by polling', () => {
  let follows: string;
  let profiles: string;
  const followersPath = `/2/users/${I.alice}/followers`;

  it('record a baseline at the first poll and send nothing', async () => {
    follows = await rule(account, { tag: 'alice-both', follows: { username: 'alice', direction: 'both' } });
    profiles = await rule(account, { tag: 'profiles', profile: { usernames: ['bob', 'dan', 'gina'] } });
    monitors = startXPollers(X_TIME)!;
    await waitFor(async () => (await stateVersion(follows)) !== null && (await stateVersion(profiles)) !== null, 20_000);
    await pollsGoBy(followersPath);
    expect(await events(account)).toEqual([]);
    expect(receiver.received).toEqual([]);
    // Both lists were read, and the users lookup asked for the three by id.
    expect(asked(`/2/users/${I.alice}/following`)).toBeGreaterThan(0);
    expect(fake.calls.some((call) => call.startsWith('GET /2/users?') && new URL(call.slice(4), 'https://x').searchParams.get('ids') === [I.bob, I.dan, GINA].join(','))).toBe(true);
  });

  it('send each follow, unfollow and profile change once, through the webhook and GET /v2/events', async () => {
    const world = fake.world;
    world.follows.push([I.frank, I.alice]); // frank follows alice
    world.follows.splice(world.follows.findIndex(([a, b]) => a === I.carol && b === I.alice), 1); // carol unfollows alice
    world.follows.push([I.alice, I.erin]); // alice follows erin
    Object.assign(world.users.find((u) => u.id === I.bob)!, { name: 'Robert', protected: true }); // bob renamed, turns protected
    world.suspended = [I.dan]; // dan suspended
    world.users.splice(world.users.findIndex((u) => u.id === GINA), 1); // gina deleted

    await waitFor(async () => (await events(account)).length >= 7, 20_000);
    await pollsGoBy(followersPath);
    const all = await events(account);
    const alice = user(I.alice);
    const bob = user(I.bob);
    const shape = (ruleId: string) => all.filter((e) => e.rule!.id === ruleId).map((e) => [e.type, e.data]);
    // The two lists are two reads: the changes may have fallen between them, in two polls.
    const byDirection = (direction: string) => shape(follows).filter(([, data]) => (data as { monitor: { direction: string } }).monitor.direction === direction);
    expect(byDirection('followers')).toEqual([
      ['follow.added', { monitor: { username: 'alice', direction: 'followers' }, follower: user(I.frank), followed: alice }],
      ['follow.removed', { monitor: { username: 'alice', direction: 'followers' }, follower: user(I.carol), followed: alice }],
    ]);
    expect(byDirection('following')).toEqual([['follow.added', { monitor: { username: 'alice', direction: 'following' }, follower: alice, followed: user(I.erin) }]]);
    expect(shape(follows)).toHaveLength(3);
    expect(shape(profiles)).toEqual([
      [
        'profile.updated',
        {
          user: bob,
          changes: [
            { field: 'name', old: 'Bob', new: 'Robert' },
            { field: 'protected', old: false, new: true },
          ],
        },
      ],
      ['profile.unavailable', { user: bob, reason: 'protected' }],
      ['profile.unavailable', { user: user(I.dan), reason: 'suspended' }],
      ['profile.unavailable', { user: { id: GINA, username: 'gina', name: 'Gina', profile_url: 'https://x.com/gina' }, reason: 'deleted' }],
    ]);
    await waitFor(() => receiver.received.length >= 7, 20_000);
    expect(receiver.rejected).toEqual([]);
    expect(receiver.received.map((r) => r.body.match!.id).sort()).toEqual(all.map((e) => e.id).sort());
    expect(receiver.received.find((r) => r.body.event === 'follow.removed')!.body).toMatchObject({ data: all.find((e) => e.type === 'follow.removed')!.data });
  });

  it('repeat nothing across a restart of the source, and keep diffing from the stored state', async () => {
    const before = (await events(account)).length;
    const version = (await stateVersion(profiles))!;
    await monitors!.stop();
    monitors = startXPollers(X_TIME)!;
    await waitFor(async () => (await stateVersion(profiles))! > version + 2, 20_000);
    expect(await events(account)).toHaveLength(before);
    // Not a new baseline: a change after the restart is sent.
    Object.assign(fake.world.users.find((u) => u.id === I.bob)!, { protected: false });
    await waitFor(async () => (await events(account)).length >= before + 2, 20_000);
    await pollsGoBy(followersPath);
    const after = (await events(account)).slice(before);
    expect(after.map((e) => [e.type, e.data])).toEqual([
      ['profile.updated', { user: user(I.bob), changes: [{ field: 'protected', old: true, new: false }] }],
      ['profile.available', { user: user(I.bob) }],
    ]);
  });

  it('charge each poll its reads in usage, filed under X', async () => {
    await pollsGoBy(followersPath);
    const { rows } = await getPool().query<{ credits: string; items: number; platform: string; upstream_requests: number; params: { rule_id: string } }>(
      `SELECT credits, items, platform, upstream_requests, params FROM usage_events WHERE user_id = $1 AND operation = 'pollMonitor' ORDER BY created_at`,
      [account.userId],
    );
    const polls = (ruleId: string) => rows.filter((r) => r.params.rule_id === ruleId);
    expect(polls(follows).length).toBeGreaterThan(5);
    expect(polls(profiles).length).toBeGreaterThan(5);
    expect(rows.every((r) => r.platform === 'x' && r.upstream_requests >= 1)).toBe(true);
    // Without a price list, a follower item costs 1 credit and a profile 18 (the operations' seed prices).
    // A follows poll reads list items (1 each); one that found changes also looked up alice (and carol, gone
    // from the list) at 18 each. The changes may have fallen between the followers and following reads of a poll.
    const extra = polls(follows).map((r) => Number(r.credits) - r.items).filter((n) => n !== 0);
    expect(extra.every((n) => n % (18 - 1) === 0)).toBe(true);
    expect(extra).toContain(2 * (18 - 1));
    expect(extra.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(3 * (18 - 1));
    for (const r of polls(profiles)) expect(Number(r.credits)).toBe(18 * r.items);
    // bob alone answers the lookup now; the first polls had all three.
    expect(polls(profiles)[0].items).toBe(3);
    expect(polls(profiles).at(-1)!.items).toBe(1);
  });

  it('pause a monitor whose workspace cannot pay for its polls', async () => {
    const poor = await createApiAccount({ label: 'x-monitors-poor', credits: 100 });
    // Each poll reads two profiles: 36 credits, so the third cannot be paid.
    const ruleId = await rule(poor, { tag: 'poor', profile: { usernames: ['bob', 'erin'] } });
    await waitFor(async () => (await poor.call('GET', `/v2/rules/${ruleId}`)).body.data.status === 'paused', 20_000);
    expect((await poor.call('GET', `/v2/rules/${ruleId}`)).body.data).toMatchObject({ status: 'paused', paused_reason: 'insufficient_credits' });
    expect(await poor.balance()).toBe(100 - 2 * 36);
    // A paused monitor forgets its state: resumed by a grant, it starts from a new baseline.
    await waitFor(async () => (await stateVersion(ruleId)) === null, 20_000);
    Object.assign(fake.world.users.find((u) => u.id === I.erin)!, { name: 'Erin while paused' });
    await grantCredits(poor.userId, 1_000, 'top-up');
    await waitFor(async () => (await stateVersion(ruleId)) !== null, 20_000);
    await pollsGoBy(followersPath);
    expect(await events(poor)).toEqual([]);
  });
});

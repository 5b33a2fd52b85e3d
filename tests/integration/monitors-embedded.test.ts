import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { grantCredits } from '@/lib/credits';
import { eventPrice } from '@/lib/delivery/charge-match';
import { closeNotifications } from '@/lib/delivery/notifications';
import { startRealtime, type Realtime } from '@/lib/delivery/start-realtime';
import { nextSnowflake } from '@/lib/platform/snowflake';
import { ensurePriceBook } from '@/lib/prices/price-book-sync';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { startFlakyReceiver } from '../support/flaky-webhook-receiver';
import { serveApiOnLoopback } from '../support/loopback-api';
import { createFixtureUsers, type FixtureUser } from '../support/platform-fixtures';
import { openSse } from '../support/sse-client';

// Account monitors on the embedded platform (issue 32) end to end: follows, unfollows and profile
// edits made through /v2's own write path and by plain SQL reach a real realtime instance by the
// queue triggers, and arrive once each, in order per monitor, at a receiver that fails every
// first attempt, on the stream and in GET /v2/events, charged at their prices.

process.env.PERCH_WEBHOOK_RETRY_BASE_MS = '100';
process.env.PERCH_WEBHOOK_RETRY_MAX_MS = '400';
process.env.PERCH_WEBHOOK_BREAKER_OPEN_MS = '100';
process.env.PERCH_WEBHOOK_BREAKER_MAX_OPEN_MS = '400';

type EventItem = { id: string; type: string; rule: { id: string; tag: string } | null; data: unknown };

let realtime: Realtime;
let server: http.Server;
let base: string;
let receiver: Awaited<ReturnType<typeof startFlakyReceiver>>;
let owner: ApiAccount;
const START = 100_000;
// The monitored account (m) and three others (a, b: connected, to follow through /v2; c: by SQL only).
let m: FixtureUser, a: FixtureUser, b: FixtureUser, c: FixtureUser;
let as: Record<'m' | 'a' | 'b', ApiAccount>;

const who = (u: FixtureUser) => ({ id: u.id, username: u.username, name: `Fixture ${u.username}`, profile_url: null });

async function rule(account: ApiAccount, body: Record<string, unknown>): Promise<string> {
  const answer = await account.call('POST', '/v2/rules', { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.id as string;
}

async function events(account: ApiAccount, query: Record<string, string> = {}): Promise<EventItem[]> {
  const answer = await account.call('GET', '/v2/events', { query: { count: 1000, ...query } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as EventItem[];
}

async function follow(actor: ApiAccount, target: FixtureUser, on = true): Promise<void> {
  const answer = await actor.call(on ? 'POST' : 'DELETE', `/v2/users/${target.username}/follow`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.meta.changed).toBe(true);
}

async function deliveryStatuses(ruleId: string): Promise<string[]> {
  const { rows } = await getPool().query<{ status: string }>(
    'SELECT d.status FROM realtime_deliveries d JOIN realtime_matches m ON m.id = d.match_id WHERE m.rule_id = $1::bigint ORDER BY d.match_id',
    [ruleId],
  );
  return rows.map((r) => r.status);
}

/** The events of a rule the receiver accepted, by event id, in arrival order. */
const acceptedFor = (ruleId: string) => receiver.accepted.filter((r) => r.body.match?.rule.id === ruleId).map((r) => r.body.match!.id);

beforeAll(async () => {
  await ensurePriceBook();
  receiver = await startFlakyReceiver(1);
  realtime = await startRealtime();
  ({ server, base } = await serveApiOnLoopback());
  [m, a, b, c] = await createFixtureUsers(getPool(), 4);
  as = {
    m: await createApiAccount({ label: 'mon-m', connect: m.username }),
    a: await createApiAccount({ label: 'mon-a', connect: a.username }),
    b: await createApiAccount({ label: 'mon-b', connect: b.username }),
  };
  owner = await createApiAccount({ label: 'monitor-owner', credits: START });
  const endpoint = await owner.call('POST', '/v2/webhooks', { body: { url: receiver.url } });
  expect(endpoint.status).toBe(200);
  receiver.setSecrets([endpoint.body.data.secret]);
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await realtime?.stop();
  await receiver?.down();
  await closeNotifications();
});

describe('follows monitors on the embedded platform', () => {
  let followers: string, following: string, both: string;
  let all: EventItem[];

  it('record each follow and unfollow once, in order, per direction, with both users', async () => {
    followers = await rule(owner, { tag: 'followers', follows: { username: m.username, direction: 'followers' } });
    following = await rule(owner, { tag: 'following', follows: { username: m.username, direction: 'following' } });
    both = await rule(owner, { tag: 'both', follows: { username: m.username, direction: 'both' } });

    await follow(as.a, m); // a → m
    await follow(as.b, m); // b → m
    await follow(as.m, a); // m → a
    await follow(as.a, m, false); // a ↛ m
    await getPool().query('INSERT INTO platform.follows (id, follower_id, followee_id) VALUES ($1, $2, $3)', [nextSnowflake(), c.id, m.id]); // c → m, by SQL
    await follow(as.a, m); // a → m again
    await follow(as.m, a, false); // m ↛ a
    // Someone else's follows are no monitor's business.
    await follow(as.a, b);

    await waitFor(async () => (await events(owner, { rule_id: both })).length === 7, 15_000);
    const added = (f: FixtureUser, d: FixtureUser, direction: 'followers' | 'following') => ['follow.added', { monitor: { username: m.username, direction }, follower: who(f), followed: who(d) }];
    const removed = (f: FixtureUser, d: FixtureUser, direction: 'followers' | 'following') => ['follow.removed', { monitor: { username: m.username, direction }, follower: who(f), followed: who(d) }];
    const shape = (list: EventItem[]) => list.map((e) => [e.type, e.data]);
    expect(shape(await events(owner, { rule_id: both }))).toEqual([
      added(a, m, 'followers'),
      added(b, m, 'followers'),
      added(m, a, 'following'),
      removed(a, m, 'followers'),
      added(c, m, 'followers'),
      added(a, m, 'followers'),
      removed(m, a, 'following'),
    ]);
    expect(shape(await events(owner, { rule_id: followers }))).toEqual([added(a, m, 'followers'), added(b, m, 'followers'), removed(a, m, 'followers'), added(c, m, 'followers'), added(a, m, 'followers')]);
    expect(shape(await events(owner, { rule_id: following }))).toEqual([added(m, a, 'following'), removed(m, a, 'following')]);
    all = await events(owner);
    expect(all.every((e) => e.rule !== null)).toBe(true);
    expect(all).toHaveLength(14);
  });

  it('deliver each to the webhook once, in order per monitor, although every first attempt fails', async () => {
    await waitFor(() => receiver.accepted.length >= 14, 30_000);
    for (const id of [followers, following, both]) {
      expect(acceptedFor(id)).toEqual(all.filter((e) => e.rule!.id === id).map((e) => e.id));
      // The receiver answered before the attempt's outcome was written.
      await waitFor(async () => (await deliveryStatuses(id)).every((s) => s === 'delivered'), 10_000);
    }
    // Each was refused once, then taken.
    expect([...receiver.attempts.values()]).toEqual(Array(14).fill(2));
    const first = receiver.accepted.find((r) => r.body.match!.id === all[0].id)!;
    expect(first.body).toMatchObject({ event: 'follow.added', match: { id: all[0].id, rule: all[0].rule }, data: all[0].data });
  });

  it('carry them on the stream with their event ids', async () => {
    const open = await openSse(`${base}/v2/stream?last_event_id=0`, { authorization: `Bearer ${owner.key}` });
    expect(open.response.status).toBe(200);
    await waitFor(() => open.events.length >= all.length, 10_000);
    await open.close();
    expect(open.events.map((e) => [e.id, e.event])).toEqual(all.map((e) => [e.id, e.type]));
    expect(JSON.parse(open.events[0].data)).toMatchObject({ id: all[0].id, type: 'follow.added', rule: all[0].rule, data: all[0].data });
  });

  it('charge each follow event as one follower item, once', async () => {
    expect(await owner.balance()).toBe(START - 14 * eventPrice('follow.added', owner.userId, 'local'));
  });

  it('record nothing for a paused monitor, and take up again once resumed', async () => {
    const paused = await rule(owner, { tag: 'paused', follows: { username: b.username, direction: 'followers' } });
    const control = await rule(owner, { tag: 'control', follows: { username: b.username, direction: 'followers' } });
    expect((await owner.call('POST', `/v2/rules/${paused}/pause`)).body.data.status).toBe('paused');
    await follow(as.m, b);
    await waitFor(async () => (await events(owner, { rule_id: control })).length === 1, 15_000);
    expect(await events(owner, { rule_id: paused })).toEqual([]);
    expect((await owner.call('POST', `/v2/rules/${paused}/resume`)).body.data.status).toBe('active');
    await follow(as.m, b, false);
    await waitFor(async () => (await events(owner, { rule_id: control })).length === 2, 15_000);
    expect((await events(owner, { rule_id: paused })).map((e) => e.type)).toEqual(['follow.removed']);
  });
});

describe('profile monitors on the embedded platform', () => {
  it('record changed fields, protected on and off, and a deletion; counts are no change', async () => {
    const [p, q] = await createFixtureUsers(getPool(), 2);
    const profile = await rule(owner, { tag: 'profiles', profile: { usernames: [p.username, q.username] } });
    const set = (sql: string, id: string) => getPool().query(`UPDATE platform.users SET ${sql} WHERE id = $1`, [id]);
    await set(`name = 'Renamed'`, p.id);
    await set('followers_count = followers_count + 5, following_count = following_count + 1', p.id);
    await follow(as.a, p); // counts again, through the write path
    await set(`description = 'Bio', location = 'Paris'`, p.id);
    await set('protected = true', p.id);
    await set('protected = false', p.id);
    await getPool().query('DELETE FROM platform.users WHERE id = $1', [q.id]);

    await waitFor(async () => (await events(owner, { rule_id: profile })).length === 7, 15_000);
    const user = { id: p.id, username: p.username, name: 'Renamed', profile_url: null };
    expect((await events(owner, { rule_id: profile })).map((e) => [e.type, e.data])).toEqual([
      ['profile.updated', { user, changes: [{ field: 'name', old: `Fixture ${p.username}`, new: 'Renamed' }] }],
      [
        'profile.updated',
        {
          user,
          changes: [
            { field: 'description', old: null, new: 'Bio' },
            { field: 'location', old: null, new: 'Paris' },
          ],
        },
      ],
      ['profile.updated', { user, changes: [{ field: 'protected', old: false, new: true }] }],
      ['profile.unavailable', { user, reason: 'protected' }],
      ['profile.updated', { user, changes: [{ field: 'protected', old: true, new: false }] }],
      ['profile.available', { user }],
      ['profile.unavailable', { user: who(q), reason: 'deleted' }],
    ]);
    const ids = (await events(owner, { rule_id: profile })).map((e) => e.id);
    await waitFor(() => acceptedFor(profile).length === 7, 30_000);
    expect(acceptedFor(profile)).toEqual(ids);
    // Nothing left queued: the follow of p (a counts-only update) was never a monitor's change.
    expect((await getPool().query('SELECT 1 FROM realtime_monitor_queue')).rows).toEqual([]);
  });

  it('charge profile events as one profile each and follow events as one follower each', async () => {
    await waitFor(async () => (await getPool().query(`SELECT 1 FROM realtime_deliveries d JOIN realtime_endpoints e ON e.id = d.endpoint_id WHERE e.user_id = $1 AND d.status <> 'delivered'`, [owner.userId])).rows.length === 0, 30_000);
    const kinds = (await events(owner)).map((e) => e.type);
    const price = kinds.reduce((sum, type) => sum + eventPrice(type, owner.userId, 'local'), 0);
    expect(eventPrice('profile.updated', owner.userId, 'local')).toBe(18);
    expect(eventPrice('follow.added', owner.userId, 'local')).toBe(1);
    expect(kinds.filter((t) => t.startsWith('profile.'))).toHaveLength(7);
    expect(await owner.balance()).toBe(START - price);
  });
});

describe('webhook order', () => {
  it('holds a monitor’s later events back until a failed one is delivered', async () => {
    // Only the very first request fails: without ordering, the events after it would overtake its retry.
    const once = await startFlakyReceiver(0, 1);
    try {
      const [t, ...fans] = await createFixtureUsers(getPool(), 6);
      const account = await createApiAccount({ label: 'ordered' });
      const endpoint = await account.call('POST', '/v2/webhooks', { body: { url: once.url } });
      once.setSecrets([endpoint.body.data.secret]);
      const watch = await rule(account, { tag: 'ordered', follows: { username: t.username, direction: 'followers' } });
      // One statement: five events recorded together, due at once.
      await getPool().query(
        'INSERT INTO platform.follows (id, follower_id, followee_id) SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[])',
        [fans.map(() => nextSnowflake()), fans.map((f) => f.id), fans.map(() => t.id)],
      );
      await waitFor(() => once.accepted.length === 5, 30_000);
      const list = await events(account, { rule_id: watch });
      expect(list).toHaveLength(5);
      expect(once.accepted.map((r) => r.body.match!.id)).toEqual(list.map((e) => e.id));
      expect([...once.attempts.values()]).toEqual([2, 1, 1, 1, 1]);
    } finally {
      await once.down();
    }
  });
});

describe('credits', () => {
  it('pause the monitors when the balance runs out and resume them on a grant, losing nothing', async () => {
    const [t] = await createFixtureUsers(getPool(), 1);
    const poor = await createApiAccount({ label: 'poor-monitor', credits: 2 });
    const endpoint = await poor.call('POST', '/v2/webhooks', { body: { url: receiver.url } });
    receiver.addSecret(endpoint.body.data.secret);
    const watch = await rule(poor, { tag: 'poor', follows: { username: t.username, direction: 'followers' } });
    for (const actor of [as.a, as.b, as.m]) await follow(actor, t);
    await waitFor(async () => (await poor.call('GET', `/v2/rules/${watch}`)).body.data.paused_reason === 'insufficient_credits', 30_000);
    expect(await poor.balance()).toBe(0);
    await grantCredits(poor.userId, 100, 'top-up');
    await waitFor(async () => (await poor.call('GET', `/v2/rules/${watch}`)).body.data.status === 'active', 15_000);
    await waitFor(async () => (await deliveryStatuses(watch)).length === 3 && (await deliveryStatuses(watch)).every((s) => s === 'delivered'), 30_000);
    expect(await poor.balance()).toBe(2 + 100 - 3);
    const list = await events(poor, { rule_id: watch });
    expect(list.map((e) => (e.data as { follower: { id: string } }).follower.id)).toEqual([a.id, b.id, m.id]);
    expect(acceptedFor(watch)).toEqual(list.map((e) => e.id));
    await expectLedgersBalanced();
  });
});


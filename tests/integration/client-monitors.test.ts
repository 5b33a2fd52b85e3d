import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Perch } from '@perch/client';
import type { PerchEvent } from '@perch/client';
import { getPool } from '@/lib/db/pool';
import { closeNotifications } from '@/lib/delivery/notifications';
import { startRealtime, type Realtime } from '@/lib/delivery/start-realtime';
import { ensurePriceBook } from '@/lib/prices/price-book-sync';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { serveApiOnLoopback } from '../support/loopback-api';
import { createFixtureUsers, type FixtureUser } from '../support/platform-fixtures';

// The TypeScript client's monitors (issue 32, point 7) against /v2 and a real realtime instance
// on the embedded platform: perch.rules creates typed follows and profile monitors, a real
// follow, unfollow (through the client's own writes) and profile edit produce their events,
// and perch.stream({ events }) and perch.events.list/listAll read them back as the same typed events.

let realtime: Realtime;
let server: http.Server;
let base: string;
let owner: ApiAccount;
// The monitored account (m) and the one that follows it (f, connected to its own key).
let m: FixtureUser, f: FixtureUser;
let perch: Perch;
let follower: Perch;

beforeAll(async () => {
  await ensurePriceBook();
  realtime = await startRealtime();
  ({ server, base } = await serveApiOnLoopback());
  [m, f] = await createFixtureUsers(getPool(), 2);
  owner = await createApiAccount({ label: 'client-monitors', credits: 10_000 });
  perch = new Perch({ apiKey: owner.key, baseUrl: base });
  follower = new Perch({ apiKey: (await createApiAccount({ label: 'client-monitors-f', connect: f.username })).key, baseUrl: base });
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await realtime?.stop();
  await closeNotifications();
  await expectLedgersBalanced();
});

const who = (u: FixtureUser, name = `Fixture ${u.username}`) => ({ id: u.id, username: u.username, name, profile_url: null });

describe('monitors through the TypeScript client', () => {
  it('creates, validates and lists follows and profile monitors, typed by kind', async () => {
    await expect(perch.rules.validate({ tag: 'v', follows: { username: m.username, direction: 'both' } })).resolves.toMatchObject({ data: { valid: true, type: 'follows' } });
    // Two definitions at once: refused by the server as the type refuses it.
    // @ts-expect-error exactly one of query, accounts, follows and profile
    await expect(perch.rules.validate({ tag: 'v', query: 'x', follows: { username: m.username } })).rejects.toMatchObject({ status: 400 });
    const listed = await perch.rules.list();
    expect(listed.data).toEqual([]);
  });

  it('reads a real follow, unfollow and profile edit back from the stream and the event list, typed', async () => {
    const follows = await perch.rules.create({ tag: 'fans', follows: { username: m.username, direction: 'followers' } });
    expect(follows.data).toMatchObject({ type: 'follows', query: null, accounts: [m.username.toLowerCase()], follows: { username: m.username.toLowerCase(), direction: 'followers' }, profile: null, status: 'active' });
    // The result is typed by the definition: no narrowing needed.
    const direction: 'followers' | 'following' | 'both' = follows.data.follows.direction;
    expect(direction).toBe('followers');
    const profile = await perch.rules.create({ tag: 'bio', profile: { usernames: [m.username] } });
    expect(profile.data).toMatchObject({ type: 'profile', query: null, follows: null, profile: { usernames: [m.username.toLowerCase()] } });
    const all = await perch.rules.listAll().toArray();
    expect(all.map((rule) => [rule.type, rule.type === 'follows' ? rule.follows.username : rule.type === 'profile' ? rule.profile.usernames : null])).toEqual([
      ['follows', m.username.toLowerCase()],
      ['profile', [m.username.toLowerCase()]],
    ]);

    // Read from the start of the event store: nothing that happens after the monitors exist is missed.
    const controller = new AbortController();
    const streamed: PerchEvent[] = [];
    const reading = (async () => {
      for await (const event of perch.stream({ events: 'all', lastEventId: '0', signal: controller.signal, reconnectDelayMs: 100 })) {
        streamed.push(event);
        if (streamed.length === 3) break;
      }
    })();
    expect((await follower.followUser(m.username)).meta.changed).toBe(true);
    expect((await follower.unfollowUser(m.username)).meta.changed).toBe(true);
    // Renamed once both follow events are in: they name the users as they are when recorded.
    await waitFor(() => streamed.length >= 2, 30_000);
    await getPool().query(`UPDATE platform.users SET name = 'Renamed by the client test' WHERE id = $1`, [m.id]);
    await reading;
    controller.abort();

    const fans = { monitor: { username: m.username, direction: 'followers' }, follower: who(f), followed: who(m) };
    const changed = { user: who(m, 'Renamed by the client test'), changes: [{ field: 'name', old: `Fixture ${m.username}`, new: 'Renamed by the client test' }] };
    expect(streamed.map((event) => [event.type, event.rule, event.tweet, event.data])).toEqual([
      ['follow.added', { id: follows.data.id, tag: 'fans' }, null, fans],
      ['follow.removed', { id: follows.data.id, tag: 'fans' }, null, fans],
      ['profile.updated', { id: profile.data.id, tag: 'bio' }, null, changed],
    ]);
    // Narrowed by type: each event's data is reached without casts.
    const names = streamed.map((event) => (event.type === 'follow.added' || event.type === 'follow.removed' ? event.data.follower.username : event.type === 'profile.updated' ? event.data.changes[0].field : ''));
    expect(names).toEqual([f.username, f.username, 'name']);

    // The event list carries the same events, in the same shape, ids and times.
    const listed = await perch.events.list({ type: ['follow.added', 'follow.removed', 'profile.updated'] });
    expect(listed.data).toEqual(streamed);
    const page = await perch.events.list({ type: 'follow.removed', rule_id: follows.data.id });
    expect(page.data.map((event) => [event.type, event.data.follower.id, event.data.followed.id])).toEqual([['follow.removed', f.id, m.id]]);
    const everyOne = await perch.events.listAll({ rule_id: profile.data.id }, { maxItems: 10 }).toArray();
    expect(everyOne.map((event) => event.id)).toEqual([streamed[2].id]);

    // The stream asked for some types yields only those, resuming after the others.
    const only: string[] = [];
    for await (const event of perch.stream({ events: ['follow.removed'], lastEventId: '0', reconnectDelayMs: 100 })) {
      only.push(`${event.id}:${event.data.monitor.direction}`);
      break;
    }
    expect(only).toEqual([`${streamed[1].id}:followers`]);
  });
});

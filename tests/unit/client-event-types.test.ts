import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { EVENT_TYPES, PROFILE_FIELDS, Perch } from '@perch/client';
import type { EventDataOf, EventUser, MatchEvent, PerchEvent, Rule, RuleDefinition, StoredEvent, WebhookEvent } from '@perch/client';
import type * as serverEvents from '@/lib/delivery/event-data';
import { EVENT_TYPES as SERVER_EVENT_TYPES } from '@/lib/delivery/event-store';
import { PROFILE_FIELDS as SERVER_PROFILE_FIELDS } from '@/lib/delivery/event-data';
import type { RuleSchema } from '@/lib/api/operations/rules';
import { eventOfFrame } from '@/packages/client/src/stream-matches';

// The client's event and rule types (packages/client/src/event-types.ts, rules.ts) mirror the
// server's (lib/delivery/event-data.ts, the rules schema) without importing server code: these
// checks fail when the two drift apart. The frames and pages are read by the client's own code,
// fed here without a server (tests/integration/client-monitors.test.ts reads them from one).

type ServerData = Omit<serverEvents.EventDataOf, 'test'>;

describe('client event types', () => {
  it('names the server\'s event types and profile fields, in order', () => {
    expect([...EVENT_TYPES]).toEqual([...SERVER_EVENT_TYPES]);
    expect([...PROFILE_FIELDS]).toEqual([...SERVER_PROFILE_FIELDS]);
  });

  it('has each event\'s data type equal to the server\'s', () => {
    expectTypeOf<keyof EventDataOf>().toEqualTypeOf<keyof ServerData>();
    expectTypeOf<EventUser>().toEqualTypeOf<serverEvents.EventUser>();
    expectTypeOf<EventDataOf['follow.added']>().toEqualTypeOf<serverEvents.FollowEventData>();
    expectTypeOf<EventDataOf['follow.removed']>().toEqualTypeOf<serverEvents.FollowEventData>();
    expectTypeOf<EventDataOf['profile.updated']>().toEqualTypeOf<serverEvents.ProfileUpdatedData>();
    expectTypeOf<EventDataOf['profile.unavailable']>().toEqualTypeOf<serverEvents.ProfileUnavailableData>();
    expectTypeOf<EventDataOf['profile.available']>().toEqualTypeOf<serverEvents.ProfileAvailableData>();
    expectTypeOf<EventDataOf['account.balance_low']>().toEqualTypeOf<serverEvents.BalanceLowData>();
    expectTypeOf<EventDataOf['budget.threshold']>().toEqualTypeOf<serverEvents.BudgetThresholdData>();
    expectTypeOf<EventDataOf['export.completed']>().toEqualTypeOf<serverEvents.ExportEventData>();
    expectTypeOf<EventDataOf>().toEqualTypeOf<ServerData>();
  });

  it('discriminates PerchEvent by type, and each is a StoredEvent of the OpenAPI document', () => {
    expectTypeOf<PerchEvent>().toExtend<StoredEvent>();
    expectTypeOf<PerchEvent['type']>().toEqualTypeOf<StoredEvent['type']>();
    expectTypeOf<Extract<PerchEvent, { type: 'follow.added' }>['data']>().toEqualTypeOf<serverEvents.FollowEventData>();
    expectTypeOf<PerchEvent<'profile.updated'>['data']['changes'][number]['field']>().toEqualTypeOf<serverEvents.ProfileField>();
    expectTypeOf<PerchEvent<'follow.removed'>['rule']>().toEqualTypeOf<{ id: string; tag: string }>();
    expectTypeOf<PerchEvent<'budget.threshold'>['rule']>().toEqualTypeOf<null>();
    expectTypeOf<PerchEvent<'rule.match'>['tweet']>().toEqualTypeOf<MatchEvent['tweet']>();
    expectTypeOf<Extract<WebhookEvent, { event: 'profile.unavailable' }>['data']['reason']>().toEqualTypeOf<'suspended' | 'deleted' | 'protected'>();
  });

  it('types the events of a list and of a stream by the types asked for', () => {
    type Items<P> = P extends AsyncIterable<infer Item> ? Item : never;
    type ListOf<T> = T extends Promise<{ data: Array<infer Item> }> ? Item : never;
    const perch = new Perch({ apiKey: 'k' });
    expectTypeOf<ListOf<ReturnType<typeof perch.events.list<'follow.added'>>>>().toEqualTypeOf<PerchEvent<'follow.added'>>();
    expectTypeOf<Items<ReturnType<typeof perch.events.listAll>>>().toEqualTypeOf<PerchEvent>();
    expectTypeOf(perch.stream()).toEqualTypeOf<AsyncGenerator<MatchEvent>>();
    expectTypeOf(perch.stream({ lastEventId: '1' })).toEqualTypeOf<AsyncGenerator<MatchEvent>>();
    expectTypeOf(perch.stream({ events: 'all' })).toEqualTypeOf<AsyncGenerator<PerchEvent>>();
    expectTypeOf(perch.stream({ events: ['follow.added', 'follow.removed'] })).toEqualTypeOf<AsyncGenerator<PerchEvent<'follow.added' | 'follow.removed'>>>();
    // @ts-expect-error not an event type
    void perch.stream({ events: ['follow.add'] });
  });
});

describe('client rule types', () => {
  it('takes exactly one of query, accounts, follows and profile', () => {
    expectTypeOf<{ tag: 'a'; follows: { username: 'x'; direction: 'both' } }>().toExtend<RuleDefinition>();
    expectTypeOf<{ tag: 'a'; profile: { usernames: ['x'] } }>().toExtend<RuleDefinition>();
    expectTypeOf<{ tag: 'a'; query: 'x' }>().toExtend<RuleDefinition>();
    expectTypeOf<{ tag: 'a'; query: 'x'; follows: { username: 'x' } }>().not.toExtend<RuleDefinition>();
    expectTypeOf<{ tag: 'a' }>().not.toExtend<RuleDefinition>();
    expectTypeOf<{ tag: 'a'; follows: { username: 'x'; direction: 'sideways' } }>().not.toExtend<RuleDefinition>();
  });

  it('types a rule by its kind, within the server\'s schema', () => {
    expectTypeOf<Rule>().toExtend<z.output<typeof RuleSchema>>();
    expectTypeOf<Rule['type']>().toEqualTypeOf<z.output<typeof RuleSchema>['type']>();
    expectTypeOf<Extract<Rule, { type: 'follows' }>['follows']['direction']>().toEqualTypeOf<'followers' | 'following' | 'both'>();
    expectTypeOf<Extract<Rule, { type: 'profile' }>['profile']['usernames']>().toEqualTypeOf<string[]>();
    const perch = new Perch({ apiKey: 'k' });
    type Created<P> = P extends Promise<{ data: infer R }> ? R : never;
    expectTypeOf<Created<ReturnType<typeof perch.rules.create<{ tag: 't'; follows: { username: 'u' } }>>>>().toEqualTypeOf<Rule<'follows'>>();
  });
});

describe('the stream\'s frames as events', () => {
  it('reads a match frame and a monitor frame as the same shape GET /v2/events lists', () => {
    const tweet = { id: '7', text: 'hi' };
    expect(eventOfFrame({ event: 'match', data: JSON.stringify({ id: '5', rule: { id: '1', tag: 't' }, matched_at: '2026-12-01T00:00:00.000Z', tweet }) })).toEqual({
      id: '5',
      type: 'rule.match',
      created_at: '2026-12-01T00:00:00.000Z',
      rule: { id: '1', tag: 't' },
      tweet,
      data: null,
    });
    const data = { monitor: { username: 'a', direction: 'followers' }, follower: { id: '2', username: 'b', name: null, profile_url: null }, followed: { id: '1', username: 'a', name: 'A', profile_url: null } };
    expect(eventOfFrame({ event: 'follow.added', data: JSON.stringify({ id: '6', type: 'follow.added', created_at: '2026-12-01T00:00:01.000Z', rule: { id: '1', tag: 't' }, data }) })).toEqual({
      id: '6',
      type: 'follow.added',
      created_at: '2026-12-01T00:00:01.000Z',
      rule: { id: '1', tag: 't' },
      tweet: null,
      data,
    });
    // A type newer than this client is skipped, not yielded untyped.
    expect(eventOfFrame({ event: 'follow.muted', data: '{}' })).toBeNull();
  });

  it('yields every type with events: all, only matches without it, and resumes after skipped events', async () => {
    const frames = [
      'id: 10\nevent: match\ndata: {"id":"10","rule":{"id":"1","tag":"t"},"matched_at":"2026-12-01T00:00:00.000Z","tweet":{"id":"7"}}\n\n',
      'id: 11\nevent: account.balance_low\ndata: {"id":"11","type":"account.balance_low","created_at":"2026-12-01T00:00:01.000Z","rule":null,"data":{"balance":3,"threshold":10}}\n\n',
      'id: 12\nevent: profile.available\ndata: {"id":"12","type":"profile.available","created_at":"2026-12-01T00:00:02.000Z","rule":{"id":"2","tag":"p"},"data":{"user":{"id":"3","username":"c","name":null,"profile_url":null}}}\n\n',
    ];
    const lastIds: Array<string | null> = [];
    // The first connection sends the frames and drops; the second (resuming) answers 402, ending the iteration.
    const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
      const lastId = new Headers(init?.headers).get('last-event-id');
      lastIds.push(lastId);
      if (lastIds.length > 1) return new Response(JSON.stringify({ error: { code: 'insufficient_credits', message: 'out' } }), { status: 402 });
      return new Response(new ReadableStream({ start: (c) => (frames.forEach((f) => c.enqueue(new TextEncoder().encode(f))), c.close()) }), { status: 200 });
    };
    const read = async (iterator: AsyncIterable<{ id: string }>) => {
      const ids: string[] = [];
      await expect(
        (async () => {
          for await (const event of iterator) ids.push(event.id);
        })(),
      ).rejects.toMatchObject({ status: 402 });
      return ids;
    };
    const perch = new Perch({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9', fetch });
    expect(await read(perch.stream({ reconnectDelayMs: 1 }))).toEqual(['10']);
    expect(lastIds).toEqual([null, '12']);
    lastIds.length = 0;
    const all: string[] = [];
    await expect(
      (async () => {
        for await (const event of perch.stream({ events: 'all', reconnectDelayMs: 1 })) all.push(`${event.id}:${event.type}`);
      })(),
    ).rejects.toMatchObject({ status: 402 });
    expect(all).toEqual(['10:rule.match', '11:account.balance_low', '12:profile.available']);
    lastIds.length = 0;
    expect(await read(perch.stream({ events: ['profile.available'], reconnectDelayMs: 1 }))).toEqual(['12']);
    expect(lastIds).toEqual([null, '12']);
  });

  it('sends a list of types comma-separated to GET /v2/events', async () => {
    const urls: string[] = [];
    const fetch = async (url: string | URL | Request) => {
      urls.push(String(url));
      return new Response(JSON.stringify({ data: [], meta: { next_cursor: null } }), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const perch = new Perch({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9', fetch });
    await perch.events.list({ type: ['follow.added', 'follow.removed'], count: 5 });
    await perch.events.listAll({ type: 'profile.updated' }).toArray();
    expect(new URL(urls[0]).searchParams.get('type')).toBe('follow.added,follow.removed');
    expect(new URL(urls[1]).searchParams.get('type')).toBe('profile.updated');
  });
});

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '@/lib/delivery/event-store';
import { PROFILE_FIELDS } from '@/lib/delivery/event-data';
import type { BalanceLowData, BudgetThresholdData, EventUser, FollowEventData, ProfileAvailableData, ProfileUnavailableData, ProfileUpdatedData } from '@/lib/delivery/event-data';

// The Python client's event TypedDicts (clients/python/perch/_event_types.py) against the server's
// event data types: one value of each server type (the compiler holds each to exactly its type's
// fields) gives the field names the Python dicts must declare, and the event names must match.

const ROOT = path.resolve(import.meta.dirname, '..', '..');

const user: EventUser = { id: '1', username: 'a', name: null, profile_url: null };
const samples = {
  EventUser: user,
  FollowEventData: { monitor: { username: 'a', direction: 'followers' }, follower: user, followed: user } satisfies FollowEventData,
  FollowMonitor: { username: 'a', direction: 'followers' } satisfies FollowEventData['monitor'],
  ProfileUpdatedData: { user, changes: [] } satisfies ProfileUpdatedData,
  ProfileChange: { field: 'name', old: null, new: null } satisfies ProfileUpdatedData['changes'][number],
  ProfileUnavailableData: { user, reason: 'deleted' } satisfies ProfileUnavailableData,
  ProfileAvailableData: { user } satisfies ProfileAvailableData,
  BalanceLowData: { balance: 1, threshold: 2 } satisfies BalanceLowData,
  BudgetThresholdData: { scope: 'key', key_id: null, period: 'day', percent: 80, budget: 1, spent: 1, resets_at: '' } satisfies BudgetThresholdData,
};

const DUMP = `
import json, typing
import perch._event_types as t
classes = {name: getattr(t, name) for name in ${JSON.stringify(Object.keys(samples))}}
events = {typing.get_args(typing.get_type_hints(c)["type"])[0]: sorted(typing.get_type_hints(c)) for c in typing.get_args(t.PerchEvent)}
print(json.dumps({
  "event_types": list(t.EVENT_TYPES),
  "literal": list(typing.get_args(t.EventType)),
  "profile_fields": list(t.PROFILE_FIELDS),
  "fields": {name: sorted(typing.get_type_hints(c)) for name, c in classes.items()},
  "events": events,
}))`;

describe('the Python client\'s event types', () => {
  const dumped = JSON.parse(execFileSync('python3', ['-c', DUMP], { env: { ...process.env, PYTHONPATH: path.join(ROOT, 'clients', 'python') } }).toString()) as {
    event_types: string[];
    literal: string[];
    profile_fields: string[];
    fields: Record<string, string[]>;
    events: Record<string, string[]>;
  };

  it('names the server\'s event types and profile fields', () => {
    expect(dumped.event_types).toEqual([...EVENT_TYPES]);
    expect(dumped.literal).toEqual([...EVENT_TYPES]);
    expect(dumped.profile_fields).toEqual([...PROFILE_FIELDS]);
  });

  it('declares each data dict with the server type\'s fields', () => {
    expect(dumped.fields).toEqual(Object.fromEntries(Object.entries(samples).map(([name, value]) => [name, Object.keys(value).sort()])));
  });

  it('has one event dict per type, each with the event list\'s fields', () => {
    expect(Object.keys(dumped.events).sort()).toEqual([...EVENT_TYPES].sort());
    for (const fields of Object.values(dumped.events)) expect(fields).toEqual(['created_at', 'data', 'id', 'rule', 'tweet', 'type']);
  });
});

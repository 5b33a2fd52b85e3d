import { describe, expect, it } from 'vitest';
import { fieldValue, monitorEventLines } from '@/lib/dashboard/monitor-event-line';

// The monitor timeline's sentences: one per follow and per changed profile field, readable
// values, and a line (never an exception) for a row of an unexpected shape.

const alice = { id: '1', username: 'alice', name: 'Alice', profile_url: null };
const brand = { id: '2', username: 'brand', name: 'Brand', profile_url: null };

describe('monitor timeline lines', () => {
  it('say who followed and unfollowed whom', () => {
    const follow = { monitor: { username: 'brand', direction: 'followers' }, follower: alice, followed: brand };
    expect(monitorEventLines({ event: 'follow.added', data: follow, tweet: null })).toEqual(['@alice followed @brand']);
    expect(monitorEventLines({ event: 'follow.removed', data: follow, tweet: null })).toEqual(['@alice unfollowed @brand']);
  });

  it('give one line per changed profile field, with its old and new value', () => {
    const data = {
      user: brand,
      changes: [
        { field: 'name', old: 'Old', new: 'New' },
        { field: 'description', old: null, new: 'hello' },
        { field: 'verified', old: false, new: true },
        { field: 'pinned_tweet_ids', old: ['5'], new: [] },
      ],
    };
    expect(monitorEventLines({ event: 'profile.updated', data, tweet: null })).toEqual([
      '@brand changed name: Old → New',
      '@brand changed bio: (empty) → hello',
      '@brand changed verified: no → yes',
      '@brand changed pinned tweet: 5 → (none)',
    ]);
  });

  it('say why a profile became unavailable, and that it came back', () => {
    expect(monitorEventLines({ event: 'profile.unavailable', data: { user: brand, reason: 'suspended' }, tweet: null })).toEqual(['@brand was suspended']);
    expect(monitorEventLines({ event: 'profile.unavailable', data: { user: brand, reason: 'deleted' }, tweet: null })).toEqual(['@brand was deleted']);
    expect(monitorEventLines({ event: 'profile.available', data: { user: brand }, tweet: null })).toEqual(['@brand is available again']);
  });

  it('still give a line for rows of another shape', () => {
    expect(monitorEventLines({ event: 'follow.added', data: null, tweet: null })).toEqual(['an account followed an account']);
    expect(monitorEventLines({ event: 'profile.updated', data: { user: brand, changes: [] }, tweet: null })).toEqual(['@brand changed its profile']);
    expect(monitorEventLines({ event: 'profile.unavailable', data: { user: brand, reason: 'gone' }, tweet: null })).toEqual(['@brand became unavailable']);
  });

  it('show empty values and lists as words', () => {
    expect([fieldValue(''), fieldValue(undefined), fieldValue([]), fieldValue(['1', '2']), fieldValue(true)]).toEqual(['(empty)', '(empty)', '(none)', '1, 2', 'yes']);
  });
});

import { describe, expect, it } from 'vitest';
import { createKeyCache } from '@/lib/keys/key-cache';
import type { ApiKeyRecord } from '@/lib/keys/types';

const record: ApiKeyRecord = {
  id: 'key_1',
  userId: 'u1',
  name: 'test',
  display: 'perch_abcd…wxyz',
  scopes: ['read'],
  rateLimit: 100,
  creditLimit: null,
  creditsSpent: 0,
  expiresAt: null,
  revokedAt: null,
  graceEndsAt: null,
};

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('key cache', () => {
  it('trusts a lookup for 5 seconds by default, then forgets it', () => {
    const time = clock();
    const cache = createKeyCache({ now: time.now });
    cache.set('h', record);
    time.advance(4_999);
    expect(cache.get('h')).toBe(record);
    time.advance(1);
    expect(cache.get('h')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('caches misses too (null), distinct from "not cached"', () => {
    const cache = createKeyCache();
    cache.set('h', null);
    expect(cache.get('h')).toBeNull();
    expect(cache.get('other')).toBeUndefined();
  });

  it('keeps misses in their own space: a flood of them never evicts a key', () => {
    const cache = createKeyCache({ maxEntries: 2, maxMisses: 3 });
    cache.set('key', record);
    for (let i = 0; i < 100; i++) cache.set(`miss${i}`, null);
    expect(cache.get('key')).toBe(record);
    expect(cache.size).toBe(1);
    expect(cache.missCount).toBe(3);
    expect(cache.get('miss99')).toBeNull();
    expect(cache.get('miss0')).toBeUndefined();
    // A hash moves between the spaces when its answer changes.
    cache.set('miss99', record);
    expect(cache.missCount).toBe(2);
    expect(cache.get('miss99')).toBe(record);
    cache.drop('miss99');
    expect(cache.get('miss99')).toBeUndefined();
  });

  it('takes a shorter TTL for one entry, never a longer one', () => {
    const time = clock();
    const cache = createKeyCache({ now: time.now });
    cache.set('short', record, 500);
    cache.set('long', record, 60_000);
    time.advance(500);
    expect(cache.get('short')).toBeUndefined();
    expect(cache.get('long')).toBe(record);
    time.advance(4_500);
    expect(cache.get('long')).toBeUndefined();
  });

  it('evicts the oldest entry beyond maxEntries', () => {
    const cache = createKeyCache({ maxEntries: 2 });
    cache.set('a', record);
    cache.set('b', record);
    cache.set('c', record);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe(record);
  });

  it('moves its generation on every drop and clear', () => {
    const cache = createKeyCache();
    const start = cache.generation;
    cache.set('a', record);
    expect(cache.generation).toBe(start);
    cache.drop('a');
    expect(cache.generation).toBe(start + 1);
    cache.clear();
    expect(cache.generation).toBe(start + 2);
  });
});

import { describe, expect, it } from 'vitest';
import { readIntoCache, sharedRead } from '@/lib/cache/single-flight';
import { createViewerCache } from '@/lib/connections/viewer-cache';
import { createKeyCache } from '@/lib/keys/key-cache';

/** A read that finishes when told to, counting how often it was started. */
function gatedRead<T>() {
  let starts = 0;
  const pending: Array<{ resolve: (value: T) => void; reject: (error: Error) => void }> = [];
  return {
    read: () => {
      starts += 1;
      return new Promise<T>((resolve, reject) => pending.push({ resolve, reject }));
    },
    get starts() {
      return starts;
    },
    /** Ends the oldest read still running. */
    finish: (value: T) => pending.shift()!.resolve(value),
    fail: (error: Error) => pending.shift()!.reject(error),
  };
}

describe('sharedRead', () => {
  it('starts one read for concurrent misses of an entry and gives each caller its result', async () => {
    const cache = createKeyCache();
    const gate = gatedRead<string>();
    const calls = [sharedRead(cache, 'a', gate.read), sharedRead(cache, 'a', gate.read), sharedRead(cache, 'a', gate.read)];
    expect(gate.starts).toBe(1);
    gate.finish('value');
    expect(await Promise.all(calls)).toEqual(['value', 'value', 'value']);
  });

  it('reads each entry separately, and again once the read is over', async () => {
    const cache = createKeyCache();
    const gate = gatedRead<string>();
    const a = sharedRead(cache, 'a', gate.read);
    const b = sharedRead(cache, 'b', gate.read);
    expect(gate.starts).toBe(2);
    gate.finish('A');
    gate.finish('B');
    expect([await a, await b]).toEqual(['A', 'B']);
    const again = sharedRead(cache, 'a', gate.read);
    expect(gate.starts).toBe(3);
    gate.finish('A2');
    expect(await again).toBe('A2');
  });

  it('does not join a read that began before an invalidation', async () => {
    const cache = createKeyCache();
    const gate = gatedRead<string>();
    const before = sharedRead(cache, 'a', gate.read);
    cache.drop('a');
    const after = sharedRead(cache, 'a', gate.read);
    expect(gate.starts).toBe(2);
    gate.finish('old');
    gate.finish('new');
    expect([await before, await after]).toEqual(['old', 'new']);
    // The newer read is the one later callers join while it runs; the old one finishing did not remove it.
    const joined = sharedRead(cache, 'a', gate.read);
    expect(gate.starts).toBe(3);
    gate.finish('newest');
    expect(await joined).toBe('newest');
  });

  it('passes a failure to every waiting caller and lets the next call try again', async () => {
    const cache = createKeyCache();
    const gate = gatedRead<string>();
    const calls = [sharedRead(cache, 'a', gate.read), sharedRead(cache, 'a', gate.read)];
    gate.fail(new Error('database down'));
    for (const call of calls) await expect(call).rejects.toThrow('database down');
    const retry = sharedRead(cache, 'a', gate.read);
    expect(gate.starts).toBe(2);
    gate.finish('back');
    expect(await retry).toBe('back');
  });

  it('keeps the reads of different caches apart', async () => {
    const gate = gatedRead<string>();
    const one = sharedRead(createKeyCache(), 'a', gate.read);
    const two = sharedRead(createKeyCache(), 'a', gate.read);
    expect(gate.starts).toBe(2);
    gate.finish('1');
    gate.finish('2');
    expect([await one, await two]).toEqual(['1', '2']);
  });
});

describe('readIntoCache', () => {
  it('keeps what it read, for the TTL it is given', async () => {
    let now = 1_000_000;
    const cache = createViewerCache({ now: () => now });
    expect(await readIntoCache(cache, 'u1', async () => 'p1', () => 500)).toBe('p1');
    expect(cache.get('u1')).toBe('p1');
    now += 501;
    expect(cache.get('u1')).toBeUndefined();
  });

  it('returns but does not keep a value read across an invalidation', async () => {
    const cache = createViewerCache();
    const gate = gatedRead<string | null>();
    const reading = readIntoCache(cache, 'u1', gate.read, () => undefined);
    cache.drop('u1');
    gate.finish('stale');
    expect(await reading).toBe('stale');
    expect(cache.get('u1')).toBeUndefined();
  });
});

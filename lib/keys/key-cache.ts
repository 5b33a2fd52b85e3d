import type { ApiKeyRecord } from './types';

/** A cached lookup: the key's record, or null for a hash no key has. */
export type CachedLookup = ApiKeyRecord | null;

export type KeyCache = {
  get(keyHash: string): CachedLookup | undefined;
  /** Caches a lookup; `ttlMs` shortens the cache's TTL for this entry (never lengthens it). */
  set(keyHash: string, lookup: CachedLookup, ttlMs?: number): void;
  drop(keyHash: string): void;
  clear(): void;
  /** Cached keys (hits). */
  readonly size: number;
  /** Cached misses: hashes no key has, kept apart so that they never evict a key. */
  readonly missCount: number;
  /** Changes on every drop and clear: a lookup that began before a revocation must not be cached. */
  readonly generation: number;
};

export type KeyCacheOptions = {
  /** How long a lookup is trusted; it bounds how long a revocation missed by every broadcast takes to land. */
  ttlMs?: number;
  /** Bounds the keys held. */
  maxEntries?: number;
  /** Bounds the misses held: a client spraying random keys churns only this space. */
  maxMisses?: number;
  now?: () => number;
};

export const DEFAULT_KEY_CACHE_TTL_MS = 5_000;

type Entry<T> = { lookup: T; expiresAt: number };

/** A size-bounded map whose oldest entry (Map keeps insertion order) goes first when full. */
function boundedMap<T>(maxEntries: number) {
  const entries = new Map<string, Entry<T>>();
  return {
    entries,
    put(keyHash: string, entry: Entry<T>) {
      entries.delete(keyHash);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(keyHash, entry);
    },
  };
}

/** An in-process cache of key lookups by hash, with a TTL and separate size bounds for keys and misses. */
export function createKeyCache({ ttlMs = DEFAULT_KEY_CACHE_TTL_MS, maxEntries = 10_000, maxMisses = 1_000, now = Date.now }: KeyCacheOptions = {}): KeyCache {
  const hits = boundedMap<ApiKeyRecord>(maxEntries);
  const misses = boundedMap<null>(maxMisses);
  let generation = 0;

  function read<T>(entries: Map<string, Entry<T>>, keyHash: string): T | undefined {
    const entry = entries.get(keyHash);
    if (!entry) return undefined;
    if (entry.expiresAt > now()) return entry.lookup;
    entries.delete(keyHash);
    return undefined;
  }

  return {
    get(keyHash) {
      const hit = read(hits.entries, keyHash);
      return hit !== undefined ? hit : read(misses.entries, keyHash);
    },
    set(keyHash, lookup, entryTtlMs) {
      const expiresAt = now() + Math.min(ttlMs, entryTtlMs ?? ttlMs);
      if (lookup === null) {
        hits.entries.delete(keyHash);
        misses.put(keyHash, { lookup, expiresAt });
      } else {
        misses.entries.delete(keyHash);
        hits.put(keyHash, { lookup, expiresAt });
      }
    },
    drop(keyHash) {
      generation += 1;
      hits.entries.delete(keyHash);
      misses.entries.delete(keyHash);
    },
    clear() {
      generation += 1;
      hits.entries.clear();
      misses.entries.clear();
    },
    get size() {
      return hits.entries.size;
    },
    get missCount() {
      return misses.entries.size;
    },
    get generation() {
      return generation;
    },
  };
}

// Kept on globalThis because Next.js may load this module more than once per process, and a
// revocation must reach every copy.
const globalForKeys = globalThis as typeof globalThis & { perchKeyCache?: KeyCache };

/** The process-wide key cache that authenticateKey reads and revocations clear. */
export function sharedKeyCache(): KeyCache {
  globalForKeys.perchKeyCache ??= createKeyCache();
  return globalForKeys.perchKeyCache;
}

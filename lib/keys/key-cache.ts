import type { ApiKeyRecord } from './types';

/** A cached lookup: the key's record, or null for a hash no key has. */
export type CachedLookup = ApiKeyRecord | null;

export type KeyCache = {
  get(keyHash: string): CachedLookup | undefined;
  set(keyHash: string, lookup: CachedLookup): void;
  drop(keyHash: string): void;
  clear(): void;
  readonly size: number;
  /** Changes on every drop and clear: a lookup that began before a revocation must not be cached. */
  readonly generation: number;
};

export type KeyCacheOptions = {
  /** How long a lookup is trusted; it bounds how long a revocation missed by pub/sub takes to land. */
  ttlMs?: number;
  /** Bounds memory when a client sprays random keys (each one a cached miss). */
  maxEntries?: number;
  now?: () => number;
};

export const DEFAULT_KEY_CACHE_TTL_MS = 5_000;

/** An in-process cache of key lookups by hash, with a TTL and a size bound. */
export function createKeyCache({ ttlMs = DEFAULT_KEY_CACHE_TTL_MS, maxEntries = 10_000, now = Date.now }: KeyCacheOptions = {}): KeyCache {
  const entries = new Map<string, { lookup: CachedLookup; expiresAt: number }>();
  let generation = 0;
  return {
    get(keyHash) {
      const entry = entries.get(keyHash);
      if (!entry) return undefined;
      if (entry.expiresAt > now()) return entry.lookup;
      entries.delete(keyHash);
      return undefined;
    },
    set(keyHash, lookup) {
      // Map keeps insertion order, so the first entry is the oldest: evict it when full.
      entries.delete(keyHash);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(keyHash, { lookup, expiresAt: now() + ttlMs });
    },
    drop(keyHash) {
      generation += 1;
      entries.delete(keyHash);
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
    get generation() {
      return generation;
    },
  };
}

// Kept on globalThis because Next.js may load this module more than once per process, and a
// revocation must reach every copy.
const globalForKeys = globalThis as typeof globalThis & { perchKeyCache?: KeyCache };

/** The process-wide key cache that authenticateKey reads and revokeKey clears. */
export function sharedKeyCache(): KeyCache {
  globalForKeys.perchKeyCache ??= createKeyCache();
  return globalForKeys.perchKeyCache;
}

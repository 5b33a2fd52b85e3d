// Reads fill each record's `viewer` from the caller's connected platform account. Reading that
// link on every call doubled the database round trips of a cheap read (getUser), so each
// instance keeps it per Perch account: a trigger announces every change of a connection
// (perch_platform_connections) and the key change listener drops the account's entry, with a
// short TTL as the bound when no notification could arrive.

/** The connected account's platform user id, or null for a Perch account without one. */
type Entry = { platformUserId: string | null; expiresAt: number };

export type ViewerCache = {
  get(userId: string): string | null | undefined;
  /** Caches a lookup; `ttlMs` shortens the cache's TTL for this entry (never lengthens it). */
  set(userId: string, platformUserId: string | null, ttlMs?: number): void;
  drop(userId: string): void;
  clear(): void;
  /** Changes on every drop and clear: a lookup that began before a change must not be cached. */
  readonly generation: number;
};

export const VIEWER_CACHE_TTL_MS = 5_000;

/** A bounded in-process cache of connection lookups by Perch account id. */
export function createViewerCache({ ttlMs = VIEWER_CACHE_TTL_MS, maxEntries = 10_000, now = Date.now } = {}): ViewerCache {
  const entries = new Map<string, Entry>();
  let generation = 0;
  return {
    get(userId) {
      const entry = entries.get(userId);
      if (!entry) return undefined;
      if (entry.expiresAt > now()) return entry.platformUserId;
      entries.delete(userId);
      return undefined;
    },
    set(userId, platformUserId, entryTtlMs) {
      entries.delete(userId);
      // Map keeps insertion order: the oldest entry goes first when full.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(userId, { platformUserId, expiresAt: now() + Math.min(ttlMs, entryTtlMs ?? ttlMs) });
    },
    drop(userId) {
      generation += 1;
      entries.delete(userId);
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    get generation() {
      return generation;
    },
  };
}

// On globalThis because Next.js may load this module more than once per process.
const globalForViewers = globalThis as typeof globalThis & { perchViewerCache?: ViewerCache };

/** The process-wide cache that record viewers read and connection changes clear. */
export function sharedViewerCache(): ViewerCache {
  globalForViewers.perchViewerCache ??= createViewerCache();
  return globalForViewers.perchViewerCache;
}

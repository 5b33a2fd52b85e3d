import { AsyncLocalStorage } from 'node:async_hooks';

// Identical upstream reads within a short TTL are answered from memory, so repeated calls do not
// spend the upstream's quota. Keys name the upstream method and its parameters; values are the
// upstream's JSON answers, kept as given (records are mapped on every read, never cached mapped).

/** A store of upstream answers with a time to live. */
export type UpstreamCache = {
  get(key: string): Promise<unknown | undefined>;
  set(key: string, value: unknown): Promise<void>;
};

type Entry = { value: unknown; expires: number };

/** An in-process LRU cache of at most `maxEntries` answers, each kept `ttlSeconds`. */
export function createUpstreamCache({ ttlSeconds, maxEntries = 5_000 }: { ttlSeconds: number; maxEntries?: number }): UpstreamCache {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently used first.
  const entries = new Map<string, Entry>();
  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expires <= Date.now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    async set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expires: Date.now() + ttlSeconds * 1000 });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}

/**
 * What one API request asked upstream: how many requests (reads and writes), how many of them
 * the cache answered, and how many items the upstream returned to the others (what an upstream
 * such as X prices; lib/prices turns them into the call's upstream cost).
 */
export type UpstreamReport = { reads: number; cached: number; items: number };

// The report of the request being answered, and its id: a warning logged while reading
// upstream (a Redis cache failing, a record X got wrong) names the call it happened in.
const scopes = new AsyncLocalStorage<{ report: UpstreamReport; requestId: string | undefined }>();

/** Runs an operation's handler while counting its upstream reads; the report feeds `meta.cached`. */
export async function withUpstreamReport<T>(run: () => Promise<T>, requestId?: string): Promise<{ result: T; report: UpstreamReport }> {
  const report: UpstreamReport = { reads: 0, cached: 0, items: 0 };
  const result = await scopes.run({ report, requestId }, run);
  return { result, report };
}

/** Counts one upstream request of the current request, answered by the cache or not, and the items the upstream returned. */
export function noteUpstreamRead(fromCache: boolean, items = 0): void {
  const report = scopes.getStore()?.report;
  if (!report) return;
  report.reads += 1;
  if (fromCache) report.cached += 1;
  else report.items += items;
}

/** The log fields naming the /v2 call whose upstream reads run now: its request id, or none outside one. */
export function upstreamCallFields(): { request_id?: string } {
  const requestId = scopes.getStore()?.requestId;
  return requestId === undefined ? {} : { request_id: requestId };
}

/** The items of an upstream answer's data: a list's length, one record, or none. */
export function itemsOf(data: unknown): number {
  return Array.isArray(data) ? data.length : data === undefined || data === null ? 0 : 1;
}

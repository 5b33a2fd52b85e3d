// One read at a time per cache entry. Without it, every call that misses an entry reads it
// again: with 64 busy keys whose cache entries expire together, each expiry sent a burst of
// key and connection reads (seven per key per TTL under load) that queued for the pool
// behind the calls' own queries.

/** A cache whose `generation` changes on every invalidation (KeyCache, ViewerCache). */
type Invalidated = { readonly generation: number };

/** Such a cache that keeps values with an optional shorter TTL. */
type Fillable<V> = Invalidated & { set(key: string, value: V, ttlMs?: number): void };

type Flight<V> = { generation: number; promise: Promise<V> };

const flightsByCache = new WeakMap<Invalidated, Map<string, Flight<unknown>>>();

/**
 * Runs `read` for `key` unless a read of it is already under way for this cache, whose result
 * is then shared. A read that began before an invalidation is not joined: it may have read
 * what the invalidation replaced.
 */
export function sharedRead<V>(cache: Invalidated, key: string, read: () => Promise<V>): Promise<V> {
  let flights = flightsByCache.get(cache);
  if (!flights) {
    flights = new Map();
    flightsByCache.set(cache, flights);
  }
  const current = flights.get(key) as Flight<V> | undefined;
  if (current && current.generation === cache.generation) return current.promise;
  const promise = read();
  const flight: Flight<V> = { generation: cache.generation, promise };
  flights.set(key, flight);
  const done = () => {
    if (flights.get(key) === flight) flights.delete(key);
  };
  promise.then(done, done);
  return promise;
}

/**
 * Reads a value the cache missed (one read per entry at a time, as sharedRead) and keeps it
 * for `ttlMs()` (undefined: the cache's own TTL). A change that landed while the read ran may
 * not be in it: then the value is returned but not kept.
 */
export function readIntoCache<V>(cache: Fillable<V>, key: string, read: () => Promise<V>, ttlMs: () => number | undefined): Promise<V> {
  return sharedRead(cache, key, async () => {
    const generation = cache.generation;
    const value = await read();
    if (cache.generation === generation) cache.set(key, value, ttlMs());
    return value;
  });
}

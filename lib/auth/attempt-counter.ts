import { componentLogger } from '@/lib/observability/logger';
import type { Redis } from 'ioredis';
import type pg from 'pg';

const log = componentLogger('auth');

/** How many attempts a key has counted in its window, and when the last one was (epoch ms). */
export type AttemptState = { count: number; lastAt: number };

/**
 * Counters of attempts per key (failed sign-ins, sign-ups) in a window that restarts with each
 * attempt. Every instance must see the same counts, so the stores are PostgreSQL and Redis;
 * memory is for one process only (tests, a single instance asked for it).
 */
export type AttemptCounter = {
  /** The live state of each key (null when it has none). */
  get(keys: string[]): Promise<(AttemptState | null)[]>;
  /** Counts one attempt for a key and returns its state after it. */
  hit(key: string, windowSeconds: number): Promise<AttemptState>;
  /** Forgets a key. */
  clear(key: string): Promise<void>;
};

export type AttemptStore = { kind: 'memory' } | { kind: 'postgres'; pool: pg.Pool } | { kind: 'redis'; client: Redis; fallbackPool?: pg.Pool };

/** A counter in the given store; keys are prefixed so several counters share one store. */
export function createAttemptCounter(store: AttemptStore, prefix: string): AttemptCounter {
  if (store.kind === 'postgres') return postgresCounter(store.pool, prefix);
  if (store.kind === 'redis') {
    const redis = redisCounter(store.client, prefix);
    return store.fallbackPool ? withFallback(redis, postgresCounter(store.fallbackPool, prefix)) : redis;
  }
  return memoryCounter(prefix);
}

function memoryCounter(prefix: string): AttemptCounter {
  const entries = new Map<string, AttemptState & { expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(prefix + key);
    return entry && entry.expiresAt > Date.now() ? entry : null;
  };
  return {
    async get(keys) {
      return keys.map((key) => {
        const entry = live(key);
        return entry ? { count: entry.count, lastAt: entry.lastAt } : null;
      });
    },
    async hit(key, windowSeconds) {
      const now = Date.now();
      const count = (live(key)?.count ?? 0) + 1;
      entries.set(prefix + key, { count, lastAt: now, expiresAt: now + windowSeconds * 1000 });
      return { count, lastAt: now };
    },
    async clear(key) {
      entries.delete(prefix + key);
    },
  };
}

// Expired rows are deleted by a hit now and then, so the table stays the size of its live keys.
const PURGE_EVERY = 200;

function postgresCounter(pool: pg.Pool, prefix: string): AttemptCounter {
  let hits = 0;
  return {
    async get(keys) {
      const { rows } = await pool.query<{ key: string; count: number; last_at: number }>({
        name: 'auth-attempts-get',
        text: `SELECT key, count, (extract(epoch FROM last_at) * 1000)::float8 AS last_at FROM auth_attempts WHERE key = ANY($1) AND expires_at > now()`,
        values: [keys.map((key) => prefix + key)],
      });
      const byKey = new Map(rows.map((row) => [row.key, { count: row.count, lastAt: row.last_at }]));
      return keys.map((key) => byKey.get(prefix + key) ?? null);
    },
    async hit(key, windowSeconds) {
      if (++hits % PURGE_EVERY === 0) await pool.query(`DELETE FROM auth_attempts WHERE expires_at < now()`);
      // One statement: concurrent attempts on one key each add exactly one.
      const { rows } = await pool.query<{ count: number; last_at: number }>({
        name: 'auth-attempts-hit',
        text: `INSERT INTO auth_attempts (key, count, last_at, expires_at) VALUES ($1, 1, now(), now() + make_interval(secs => $2))
               ON CONFLICT (key) DO UPDATE SET
                 count = CASE WHEN auth_attempts.expires_at <= now() THEN 1 ELSE auth_attempts.count + 1 END,
                 last_at = now(), expires_at = now() + make_interval(secs => $2)
               RETURNING count, (extract(epoch FROM last_at) * 1000)::float8 AS last_at`,
        values: [prefix + key, windowSeconds],
      });
      return { count: rows[0].count, lastAt: rows[0].last_at };
    },
    async clear(key) {
      await pool.query({ name: 'auth-attempts-clear', text: `DELETE FROM auth_attempts WHERE key = $1`, values: [prefix + key] });
    },
  };
}

function redisCounter(client: Redis, prefix: string): AttemptCounter {
  return {
    async get(keys) {
      const pipeline = client.pipeline();
      for (const key of keys) pipeline.hmget(prefix + key, 'count', 'last');
      const results = (await pipeline.exec()) ?? [];
      return results.map(([error, value]) => {
        if (error) throw error;
        const [count, last] = value as [string | null, string | null];
        return count === null ? null : { count: Number(count), lastAt: Number(last) };
      });
    },
    async hit(key, windowSeconds) {
      const now = Date.now();
      const results = await client
        .multi()
        .hincrby(prefix + key, 'count', 1)
        .hset(prefix + key, 'last', String(now))
        .pexpire(prefix + key, windowSeconds * 1000)
        .exec();
      if (!results) throw new Error('the Redis transaction was aborted');
      const [error, count] = results[0];
      if (error) throw error;
      return { count: Number(count), lastAt: now };
    },
    async clear(key) {
      await client.del(prefix + key);
    },
  };
}

/**
 * Redis first, PostgreSQL while Redis fails: an unreachable Redis must neither stop sign-ins
 * nor lift the throttle (counts made meanwhile live in PostgreSQL, which every instance sees).
 */
function withFallback(primary: AttemptCounter, fallback: AttemptCounter): AttemptCounter {
  let warned = false;
  const attempt = async <T>(run: (counter: AttemptCounter) => Promise<T>): Promise<T> => {
    try {
      const result = await run(primary);
      warned = false;
      return result;
    } catch (error) {
      if (!warned) log.warn({ err: error }, `Redis unavailable for attempt counters, using PostgreSQL: ${(error as Error).message}`);
      warned = true;
      return run(fallback);
    }
  };
  return {
    get: (keys) => attempt((counter) => counter.get(keys)),
    hit: (key, windowSeconds) => attempt((counter) => counter.hit(key, windowSeconds)),
    clear: (key) => attempt((counter) => counter.clear(key)),
  };
}

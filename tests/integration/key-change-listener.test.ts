import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { authenticateKey } from '@/lib/keys/authenticate-key';
import { issueKey } from '@/lib/keys/issue-key';
import { createViewerCache } from '@/lib/connections/viewer-cache';
import { createKeyCache, sharedKeyCache } from '@/lib/keys/key-cache';
import { sharedKeyChangeListener, startKeyChangeListener, stopKeyChangeListener, UNLISTENED_KEY_CACHE_TTL_MS, type KeyChangeListener } from '@/lib/keys/key-change-listener';
import { generateApiKey, hashApiKey } from '@/lib/keys/key-format';
import { createTestUser, waitFor } from '../support/account-fixtures';

// Key changes travel through PostgreSQL (a trigger on api_keys NOTIFYs, every instance LISTENs),
// so they reach every instance whoever made them, with or without Redis.

let userId: string;
const listeners: KeyChangeListener[] = [];

beforeAll(async () => {
  userId = await createTestUser('listener');
});

afterAll(async () => {
  await Promise.all(listeners.map((listener) => listener.stop()));
  await stopKeyChangeListener();
});

function listen(cache = createKeyCache(), log: (message: string) => void = () => undefined, viewers = createViewerCache()): KeyChangeListener {
  const listener = startKeyChangeListener({ cache, log, viewers });
  listeners.push(listener);
  return listener;
}

/** Ends the listener connections of this database from the server side, as a restart or a network cut would. */
async function dropListenerConnections(): Promise<number> {
  const { rows } = await getPool().query<{ n: number }>(
    `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
     WHERE application_name = 'perch-key-listener' AND datname = current_database()`,
  );
  return rows[0].n;
}

describe('key change notifications', () => {
  it('drop a key from the cache when any writer changes what authentication reads, and only then', async () => {
    const cache = createKeyCache();
    const listener = listen(cache);
    await listener.ready;
    const issued = await issueKey({ userId, name: 'notified', scopes: ['read'] });
    const keyHash = hashApiKey(issued.key);
    const cached = () => cache.get(keyHash) !== undefined;

    // Creating a key, and per-call counters (metering, last use), do not notify: the cached lookup stays.
    const generation = cache.generation;
    cache.set(keyHash, { id: issued.id } as never);
    await getPool().query('UPDATE api_keys SET credits_spent = credits_spent + 5, last_used_at = now() WHERE id = $1', [issued.id]);
    // A no-op write of a watched column does not notify either.
    await getPool().query('UPDATE api_keys SET rate_limit = rate_limit WHERE id = $1', [issued.id]);
    await getPool().query('SELECT 1'); // a round trip after the commits, for notifications to arrive if any were sent
    expect(cached()).toBe(true);
    expect(cache.generation).toBe(generation);

    for (const change of [
      `UPDATE api_keys SET credit_limit = 10 WHERE id = $1`,
      `UPDATE api_keys SET scopes = '{read,write}' WHERE id = $1`,
      `UPDATE api_keys SET rate_limit = 3 WHERE id = $1`,
      `UPDATE api_keys SET expires_at = now() + interval '1 day' WHERE id = $1`,
      `UPDATE api_keys SET revoked_at = now() WHERE id = $1`,
      `DELETE FROM api_keys WHERE id = $1`,
    ]) {
      cache.set(keyHash, { id: issued.id } as never);
      await getPool().query(change, [issued.id]);
      await waitFor(() => !cached(), 1_000);
    }
  });

  it('survive a dropped connection: reconnect, forget the cache (changes may have been missed), then notify again', async () => {
    const cache = createKeyCache();
    const messages: string[] = [];
    const listener = listen(cache, (message) => messages.push(message));
    await listener.ready;
    const issued = await issueKey({ userId, name: 'reconnect', scopes: ['read'] });
    const keyHash = hashApiKey(issued.key);
    cache.set(keyHash, { id: issued.id } as never);
    cache.set('some-other-hash', null);

    expect(await dropListenerConnections()).toBeGreaterThanOrEqual(1);
    await waitFor(() => !listener.listening, 2_000);
    expect(cache.size + cache.missCount).toBe(0);
    await waitFor(() => listener.listening, 10_000);
    expect(messages.join('\n')).toMatch(/lost its connection[\s\S]*listening again/);

    cache.set(keyHash, { id: issued.id } as never);
    await getPool().query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [issued.id]);
    await waitFor(() => cache.get(keyHash) === undefined, 1_000);
  });
});

describe('authenticateKey with the shared listener', () => {
  it('refuses a key revoked by plain SQL (no broadcast by anyone) within a second', async () => {
    await sharedKeyChangeListener().ready;
    const issued = await issueKey({ userId, name: 'sql-revoked', scopes: ['read'] });
    const header = `Bearer ${issued.key}`;
    expect((await authenticateKey(header)).ok).toBe(true);
    expect(sharedKeyCache().get(hashApiKey(issued.key))).toBeTruthy();
    await getPool().query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [issued.id]);
    await waitFor(async () => (await authenticateKey(header)).ok === false, 1_000);
    expect(await authenticateKey(header)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('trusts lookups only briefly while the listener is down', async () => {
    await sharedKeyChangeListener().ready;
    const issued = await issueKey({ userId, name: 'unlistened', scopes: ['read'] });
    const header = `Bearer ${issued.key}`;
    await stopKeyChangeListener();
    // authenticateKey starts a new listener; until it listens, what it caches expires quickly.
    const started = Date.now();
    expect((await authenticateKey(header)).ok).toBe(true);
    if (!sharedKeyChangeListener().listening) {
      await getPool().query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [issued.id]);
      await waitFor(async () => (await authenticateKey(header)).ok === false, UNLISTENED_KEY_CACHE_TTL_MS + 1_000);
      expect(Date.now() - started).toBeLessThan(UNLISTENED_KEY_CACHE_TTL_MS + 1_000);
    }
  });
});

describe('the key cache', () => {
  it('keeps misses apart: a spray of unknown keys evicts no real key', async () => {
    const cache = createKeyCache({ maxEntries: 10, maxMisses: 5 });
    const issued = await issueKey({ userId, name: 'survivor', scopes: ['read'] });
    const header = `Bearer ${issued.key}`;
    expect((await authenticateKey(header, { cache })).ok).toBe(true);
    for (let i = 0; i < 50; i++) expect(await authenticateKey(`Bearer ${generateApiKey()}`, { cache })).toEqual({ ok: false, reason: 'unknown' });
    expect(cache.missCount).toBe(5);
    expect(cache.size).toBe(1);
    expect(cache.get(hashApiKey(issued.key))).toMatchObject({ id: issued.id });
  });

  it('drop an account from the viewer cache when any writer changes its platform connection', async () => {
    const viewers = createViewerCache();
    const listener = listen(createKeyCache(), () => undefined, viewers);
    await listener.ready;
    const other = await createTestUser('viewer-other');
    const platformUserId = (await getPool().query<{ id: string }>('SELECT id::text FROM platform.users ORDER BY id LIMIT 1')).rows[0]?.id ?? '1';
    viewers.set(userId, null);
    viewers.set(other, null);
    // Plain SQL, as another instance, the admin CLI or an operator would write it.
    await getPool().query(
      `INSERT INTO platform_connections (user_id, platform, platform_user_id, username, linked_via, scopes, created_at, updated_at)
       VALUES ($1, 'local', $2, 'someone', 'operator', '{}', now(), now())`,
      [userId, platformUserId],
    );
    await waitFor(() => viewers.get(userId) === undefined, 5_000);
    expect(viewers.get(other)).toBeNull(); // another account's entry stays
    viewers.set(userId, platformUserId);
    await getPool().query('DELETE FROM platform_connections WHERE user_id = $1', [userId]);
    await waitFor(() => viewers.get(userId) === undefined, 5_000);
  });
});

import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZodError } from 'zod';
import { getPool } from '@/lib/db/pool';
import { authenticateKey } from '@/lib/keys/authenticate-key';
import { issueKey } from '@/lib/keys/issue-key';
import { createKeyCache, sharedKeyCache } from '@/lib/keys/key-cache';
import { generateApiKey, hashApiKey } from '@/lib/keys/key-format';
import { KEY_INVALIDATION_CHANNEL, startKeyInvalidationSubscriber, stopKeyInvalidationSubscriber } from '@/lib/keys/key-invalidation';
import { sharedKeyChangeListener, stopKeyChangeListener } from '@/lib/keys/key-change-listener';
import { createLastUsedTracker } from '@/lib/keys/last-used';
import { revokeKey } from '@/lib/keys/revoke-key';
import { closeRedis } from '@/lib/ratelimit/redis-client';
import { createTestUser, waitFor } from '../support/account-fixtures';
import { revokeKeyUnannounced } from '../support/key-fixtures';
import { captureLogs, type LogRecord } from '../support/log-capture';

const REDIS_URL = process.env.PERCH_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let userId: string;

beforeAll(async () => {
  userId = await createTestUser('keys');
  // Listening before the first lookup: lookups cached while not listening expire at once.
  await sharedKeyChangeListener().ready;
});

afterAll(() => stopKeyChangeListener());

function bearer(key: string): string {
  return `Bearer ${key}`;
}

function clock(start = Date.now()) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

async function keyRow(id: string) {
  const { rows } = await getPool().query('SELECT * FROM api_keys WHERE id = $1', [id]);
  return rows[0] as Record<string, unknown>;
}

describe('issueKey', () => {
  it('returns the full key once and stores only its SHA-256 hash and display parts', async () => {
    const issued = await issueKey({ userId, name: 'ci', scopes: ['read', 'write', 'read'], creditLimit: 5_000, rateLimit: 7 });
    expect(issued.key).toMatch(/^perch_[0-9A-Za-z]{32}$/);
    expect(issued.display).toBe(`${issued.key.slice(0, 10)}…${issued.key.slice(-4)}`);
    const row = await keyRow(issued.id);
    expect(row.key_hash).toBe(hashApiKey(issued.key));
    expect(row.key_start).toBe(issued.key.slice(0, 10));
    expect(row.key_end).toBe(issued.key.slice(-4));
    expect(row.scopes).toEqual(['read', 'write']);
    expect(row.rate_limit).toBe(7);
    expect(row.credit_limit).toBe('5000');
    // No column holds the key or its secret body.
    expect(JSON.stringify(row)).not.toContain(issued.key.slice(6));
  });

  it('defaults to 100 requests per second and no spending limit or expiry', async () => {
    const issued = await issueKey({ userId, name: 'defaults', scopes: ['read'] });
    const row = await keyRow(issued.id);
    expect(row).toMatchObject({ rate_limit: 100, credit_limit: null, expires_at: null, revoked_at: null, credits_held: '0' });
  });

  it('rejects bad input without writing anything', async () => {
    const before = (await getPool().query('SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1', [userId])).rows[0].n;
    await expect(issueKey({ userId, name: 'x', scopes: [] })).rejects.toBeInstanceOf(ZodError);
    await expect(issueKey({ userId, name: ' ', scopes: ['read'] })).rejects.toBeInstanceOf(ZodError);
    await expect(issueKey({ userId, name: 'x', scopes: ['admin' as 'read'] })).rejects.toBeInstanceOf(ZodError);
    await expect(issueKey({ userId, name: 'x', scopes: ['read'], rateLimit: 0 })).rejects.toBeInstanceOf(ZodError);
    await expect(issueKey({ userId, name: 'x', scopes: ['read'], creditLimit: -1 })).rejects.toBeInstanceOf(ZodError);
    await expect(issueKey({ userId, name: 'x', scopes: ['read'], expiresAt: new Date(Date.now() - 1_000) })).rejects.toBeInstanceOf(ZodError);
    const after = (await getPool().query('SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1', [userId])).rows[0].n;
    expect(after).toBe(before);
  });
});

describe('authenticateKey', () => {
  it('returns the key record for a valid key', async () => {
    const issued = await issueKey({ userId, name: 'auth', scopes: ['read'], creditLimit: 900, rateLimit: 42 });
    const result = await authenticateKey(bearer(issued.key));
    expect(result).toEqual({
      ok: true,
      key: {
        id: issued.id,
        userId,
        name: 'auth',
        display: issued.display,
        scopes: ['read'],
        rateLimit: 42,
        creditLimit: 900,
        creditsSpent: 0,
        expiresAt: null,
        revokedAt: null,
        graceEndsAt: null,
      },
    });
  });

  it('says why a header is refused: missing, malformed, unknown', async () => {
    expect(await authenticateKey(undefined)).toEqual({ ok: false, reason: 'missing' });
    expect(await authenticateKey('')).toEqual({ ok: false, reason: 'missing' });
    expect(await authenticateKey('Basic abc')).toEqual({ ok: false, reason: 'malformed' });
    expect(await authenticateKey('Bearer perch_tooShort')).toEqual({ ok: false, reason: 'malformed' });
    expect(await authenticateKey(bearer(generateApiKey()))).toEqual({ ok: false, reason: 'unknown' });
  });

  it('refuses an expired key', async () => {
    const expiresAt = new Date(Date.now() + 60 * 60_000);
    const issued = await issueKey({ userId, name: 'expiring', scopes: ['read'], expiresAt });
    expect((await authenticateKey(bearer(issued.key))).ok).toBe(true);
    expect(await authenticateKey(bearer(issued.key), { now: () => expiresAt.getTime() })).toEqual({ ok: false, reason: 'expired' });
    // Expiry stored in the past (e.g. an operator shortened it) is refused with the real clock too.
    await getPool().query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [issued.id]);
    const fresh = createKeyCache();
    expect(await authenticateKey(bearer(issued.key), { cache: fresh })).toEqual({ ok: false, reason: 'expired' });
  });

  it('reads a key once for calls that miss the cache together', async () => {
    const issued = await issueKey({ userId, name: 'busy', scopes: ['read'] });
    const pool = getPool();
    const query = vi.spyOn(pool, 'query');
    try {
      const cache = createKeyCache();
      const results = await Promise.all(Array.from({ length: 20 }, () => authenticateKey(bearer(issued.key), { cache })));
      expect(results.every((result) => result.ok)).toBe(true);
      const lookups = query.mock.calls.filter(([config]) => (config as { name?: string }).name === 'perch_keys_find_by_hash');
      expect(lookups).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
  });
});

describe('revokeKey', () => {
  it('stops the key on this instance at once, although its lookup was cached', async () => {
    const issued = await issueKey({ userId, name: 'revoke-me', scopes: ['read'] });
    expect((await authenticateKey(bearer(issued.key))).ok).toBe(true);
    expect(sharedKeyCache().get(hashApiKey(issued.key))).not.toBeUndefined();
    expect(await revokeKey(issued.id)).toBe(true);
    expect(await authenticateKey(bearer(issued.key))).toEqual({ ok: false, reason: 'revoked' });
    expect((await keyRow(issued.id)).revoked_at).toBeInstanceOf(Date);
  });

  it('takes the raw key too, is idempotent, and respects the owner', async () => {
    const issued = await issueKey({ userId, name: 'revoke-by-key', scopes: ['read'] });
    const other = await createTestUser('stranger');
    expect(await revokeKey(issued.key, other)).toBe(false);
    expect((await authenticateKey(bearer(issued.key))).ok).toBe(true);
    expect(await revokeKey(issued.key, userId)).toBe(true);
    const firstRevokedAt = (await keyRow(issued.id)).revoked_at as Date;
    expect(await revokeKey(issued.id)).toBe(true);
    expect((await keyRow(issued.id)).revoked_at).toEqual(firstRevokedAt);
    expect(await authenticateKey(bearer(issued.key))).toEqual({ ok: false, reason: 'revoked' });
    expect(await revokeKey('key_doesnotexist')).toBe(false);
  });

  it('reaches an instance that missed the broadcast within the 5 s cache TTL', async () => {
    const issued = await issueKey({ userId, name: 'ttl', scopes: ['read'] });
    const time = clock();
    const cache = createKeyCache({ now: time.now });
    expect((await authenticateKey(bearer(issued.key), { cache })).ok).toBe(true);
    // Revoked by another instance; this cache gets no message.
    await revokeKeyUnannounced(issued.id);
    time.advance(4_999);
    expect((await authenticateKey(bearer(issued.key), { cache })).ok).toBe(true);
    time.advance(1);
    expect(await authenticateKey(bearer(issued.key), { cache })).toEqual({ ok: false, reason: 'revoked' });
  });

  it('does not cache a lookup that a revocation overtook', async () => {
    const issued = await issueKey({ userId, name: 'race', scopes: ['read'] });
    const cache = createKeyCache();
    const pending = authenticateKey(bearer(issued.key), { cache });
    cache.drop(hashApiKey(issued.key)); // a revocation landing while the lookup is in flight
    expect((await pending).ok).toBe(true);
    expect(cache.get(hashApiKey(issued.key))).toBeUndefined();
  });
});

describe('last_used_at', () => {
  it('is written in batches, at most once a minute per key', async () => {
    const issued = await issueKey({ userId, name: 'touch', scopes: ['read'] });
    const time = clock();
    const lastUsed = createLastUsedTracker({ now: time.now, flushDelayMs: 60_000 });
    const cache = createKeyCache();
    const lastUsedAt = async () => (await keyRow(issued.id)).last_used_at as Date | null;

    expect((await authenticateKey(bearer(issued.key), { cache, lastUsed })).ok).toBe(true);
    expect(await lastUsedAt()).toBeNull(); // not on the request path
    expect(lastUsed.pending).toBe(1);
    await lastUsed.flush();
    expect(await lastUsedAt()).toBeInstanceOf(Date);

    // Pretend the write was two minutes ago; within this process's minute nothing is sent.
    await getPool().query(`UPDATE api_keys SET last_used_at = now() - interval '2 minutes' WHERE id = $1`, [issued.id]);
    const backdated = await lastUsedAt();
    time.advance(59_000);
    for (let i = 0; i < 5; i++) await authenticateKey(bearer(issued.key), { cache, lastUsed });
    expect(lastUsed.pending).toBe(0);
    await lastUsed.flush();
    expect(await lastUsedAt()).toEqual(backdated);

    time.advance(1_000);
    await authenticateKey(bearer(issued.key), { cache, lastUsed });
    expect(lastUsed.pending).toBe(1);
    await lastUsed.flush();
    expect((await lastUsedAt())!.getTime()).toBeGreaterThan(backdated!.getTime() + 60_000);

    // Another instance (fresh tracker) is held back by the database's own once-a-minute check.
    const written = await lastUsedAt();
    const otherInstance = createLastUsedTracker();
    otherInstance.note(issued.id);
    await otherInstance.flush();
    expect(await lastUsedAt()).toEqual(written);
  });

  it('logs a failed write instead of throwing', async () => {
    const lastUsed = createLastUsedTracker();
    const logs = captureLogs();
    let failures: LogRecord[];
    try {
      // An id array with a NUL byte makes PostgreSQL reject the statement.
      lastUsed.note('bad\u0000id');
      await expect(lastUsed.flush()).resolves.toBeUndefined();
      // Read before restoring: restoring the spy forgets what it caught.
      failures = logs.records().filter((record) => record.level === 50 && record.component === 'keys');
    } finally {
      logs.restore();
    }
    expect(failures.map((record) => record.msg).join('\n')).toMatch(/last_used_at update failed/);
  });
});

describe('revocation broadcast over Redis', () => {
  let peer: Redis;

  beforeAll(async () => {
    process.env.REDIS_URL = REDIS_URL;
    peer = new Redis(REDIS_URL);
    await startKeyInvalidationSubscriber();
  });

  afterAll(async () => {
    await stopKeyInvalidationSubscriber();
    await closeRedis();
    await peer.quit();
    delete process.env.REDIS_URL;
  });

  it('drops a key from this instance when another instance announces its revocation', async () => {
    const issued = await issueKey({ userId, name: 'broadcast', scopes: ['read'] });
    expect((await authenticateKey(bearer(issued.key))).ok).toBe(true);
    await revokeKeyUnannounced(issued.id);
    // Still cached: proves the next assertion is the broadcast's doing, not a cache miss.
    expect((await authenticateKey(bearer(issued.key))).ok).toBe(true);
    await peer.publish(KEY_INVALIDATION_CHANNEL, hashApiKey(issued.key));
    await waitFor(async () => !(await authenticateKey(bearer(issued.key))).ok);
    expect(await authenticateKey(bearer(issued.key))).toEqual({ ok: false, reason: 'revoked' });
  });

  it('announces revocations made here', async () => {
    const issued = await issueKey({ userId, name: 'announce', scopes: ['read'] });
    const listener = new Redis(REDIS_URL);
    const heard: string[] = [];
    listener.on('message', (_channel: string, message: string) => heard.push(message));
    await listener.subscribe(KEY_INVALIDATION_CHANNEL);
    try {
      await revokeKey(issued.id);
      await waitFor(() => heard.includes(hashApiKey(issued.key)));
    } finally {
      await listener.quit();
    }
  });
});

import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '@/lib/keys';
import { createFailedAuthLimiter, FAILED_AUTH_MAX_FAILURES, failedAuthLimitFromEnv } from '@/lib/ratelimit/failed-auth-limiter';
import { callApi, createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { expectError, expectSuccess } from '../support/api-records';

// Failed key authentications are throttled per client address: after 20 a minute, further
// failures from that address answer 429 too_many_failed_authentications with Retry-After.
// Valid keys are never refused by it, from any address, and they never touch the counter.

const REDIS_URL = process.env.PERCH_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let account: ApiAccount;

beforeAll(async () => {
  account = await createApiAccount({ label: 'failed-auth' });
});

afterAll(() => expectLedgersBalanced());

/** A fresh documentation-range address, so that runs and files never share a counter. */
function address(): string {
  const bytes = crypto.randomBytes(2);
  return `198.51.${bytes[0]}.${bytes[1]}`;
}

/** What the production server passes on: the socket's address in X-Forwarded-For. */
function from(ip: string, key: string | null) {
  return callApi('GET', '/v2/account', { key, headers: { 'x-forwarded-for': ip } });
}

describe('failed authentication throttle', () => {
  it('answers 429 with Retry-After once an address has sent too many bad keys', async () => {
    const ip = address();
    for (let i = 0; i < FAILED_AUTH_MAX_FAILURES; i++) expectError(await from(ip, generateApiKey()), 401, 'unauthorized');
    const refused = await from(ip, generateApiKey());
    expectError(refused, 429, 'too_many_failed_authentications');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body.error.details).toEqual({ retry_after_seconds: retryAfter });
    expect(refused.body.error.message).toMatch(/too many requests with an unknown, revoked, expired or malformed API key/);
    // Malformed keys and revoked ones count as failures too, and stay refused.
    expectError(await callApi('GET', '/v2/account', { headers: { 'x-forwarded-for': ip, authorization: 'Bearer perch_short' } }), 429, 'too_many_failed_authentications');
  });

  it('never refuses a valid key: not from another address, not from the throttled one', async () => {
    const ip = address();
    for (let i = 0; i <= FAILED_AUTH_MAX_FAILURES; i++) await from(ip, generateApiKey());
    expectError(await from(ip, generateApiKey()), 429, 'too_many_failed_authentications');
    expectSuccess(await from(address(), account.key));
    expectSuccess(await from(ip, account.key));
    // Another address's bad key is an ordinary 401: the counters are per address.
    expectError(await from(address(), generateApiKey()), 401, 'unauthorized');
  });

  it('is not touched by valid keys or by requests without a key', async () => {
    const ip = address();
    for (let i = 0; i < 3 * FAILED_AUTH_MAX_FAILURES; i++) expectError(await from(ip, null), 401, 'unauthorized');
    for (let i = 0; i < 3 * FAILED_AUTH_MAX_FAILURES; i++) expectSuccess(await from(ip, account.key));
    // The whole budget of failures is still there.
    for (let i = 0; i < FAILED_AUTH_MAX_FAILURES; i++) expectError(await from(ip, generateApiKey()), 401, 'unauthorized');
    expectError(await from(ip, generateApiKey()), 429, 'too_many_failed_authentications');
  });

  it('counts across instances through Redis', async () => {
    const prefix = `perch:test:authfail:${crypto.randomBytes(4).toString('hex')}`;
    const clients = [new Redis(REDIS_URL), new Redis(REDIS_URL)];
    try {
      // Not ready, the limiter would count in memory on its own (its fallback while Redis is down).
      await Promise.all(clients.map((client) => (client.status === 'ready' ? undefined : new Promise((resolve) => client.once('ready', resolve)))));
      // Two instances, each with its own connection, on one store.
      const [first, second] = clients.map((client) => createFailedAuthLimiter({ store: { kind: 'redis', client }, maxFailures: 4, windowSeconds: 60, keyPrefix: prefix }));
      const ip = address();
      expect(await first.recordFailure(ip)).toEqual({ throttled: false });
      expect(await second.recordFailure(ip)).toEqual({ throttled: false });
      expect(await first.recordFailure(ip)).toEqual({ throttled: false });
      expect(await second.recordFailure(ip)).toEqual({ throttled: false });
      const verdict = await first.recordFailure(ip);
      expect(verdict.throttled).toBe(true);
      expect(await second.recordFailure(address())).toEqual({ throttled: false });
    } finally {
      const keys = await clients[0].keys(`${prefix}*`);
      if (keys.length > 0) await clients[0].del(...keys);
      await Promise.all(clients.map((client) => client.quit()));
    }
  });

  it('reads its limit from PERCH_FAILED_AUTH_LIMIT (0: off) and refuses nonsense', () => {
    expect(failedAuthLimitFromEnv({})).toBe(FAILED_AUTH_MAX_FAILURES);
    expect(failedAuthLimitFromEnv({ PERCH_FAILED_AUTH_LIMIT: '5' })).toBe(5);
    expect(failedAuthLimitFromEnv({ PERCH_FAILED_AUTH_LIMIT: '0' })).toBe(0);
    expect(() => failedAuthLimitFromEnv({ PERCH_FAILED_AUTH_LIMIT: 'lots' })).toThrow(/PERCH_FAILED_AUTH_LIMIT/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey, publishKeyInvalidation, sharedKeyChangeListener, startKeyInvalidationSubscriber, stopKeyChangeListener, stopKeyInvalidationSubscriber } from '@/lib/keys';
import { closeRedis } from '@/lib/ratelimit';
import { getPool } from '@/lib/db/pool';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount, expectLedgersBalanced } from '../support/api-client';
import { expectError, expectSuccess } from '../support/api-records';
import { revokeKeyUnannounced } from '../support/key-fixtures';

// With REDIS_URL set (several instances behind a load balancer): rate limits are shared
// through Redis, and a key revoked on one instance stops working on the others at once.
// This file's module state is its own, so the shared clients below are made for Redis.
process.env.REDIS_URL = process.env.PERCH_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let username: string;

beforeAll(async () => {
  const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY id LIMIT 1');
  username = rows[0].username;
  await startKeyInvalidationSubscriber();
  await sharedKeyChangeListener().ready;
});

afterAll(async () => {
  await stopKeyInvalidationSubscriber();
  await stopKeyChangeListener();
  await closeRedis();
  await expectLedgersBalanced();
});

describe('with Redis', () => {
  it('rate limits through the shared store: the burst, then 429 with Retry-After', async () => {
    const limited = await createApiAccount({ label: 'redis', rateLimit: 1 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => limited.call('GET', `/v2/users/${username}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expectError(answer, 429, 'rate_limited');
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(answer.headers.get('x-ratelimit-limit')).toBe('1');
    }
  });

  it('a key revoked by another instance stops working here at once, not after the cache TTL', async () => {
    const account = await createApiAccount({ label: 'redis' });
    expectSuccess(await account.call('GET', '/v2/account'));
    // What revokeKey does on another instance: the row, then the broadcast. This process learns
    // of it only through Redis, as its cached lookup still says the key is fine: the row is
    // changed with triggers off, so that the database's own notification is not sent.
    await revokeKeyUnannounced(account.keyId);
    expectSuccess(await account.call('GET', '/v2/account'));
    const published = Date.now();
    await publishKeyInvalidation(hashApiKey(account.key));
    await waitFor(async () => (await account.call('GET', '/v2/account')).status === 401, 2_000);
    expect(Date.now() - published).toBeLessThan(2_000);
    expectError(await account.call('GET', '/v2/account'), 401, 'unauthorized');
  });
});

import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { AttemptStore } from '@/lib/auth/attempt-counter';
import { backoffSeconds, createSignInLimiter, type SignInLimiter, type SignInPolicy } from '@/lib/auth/sign-in-limiter';
import { getPool } from '@/lib/db/pool';

// The sign-in throttle against the stores instances share: PostgreSQL (the default) and Redis.
// Backoffs are scaled down (base 0.2 s) so waiting one out stays short; the rules are the real ones.

const redisUrl = process.env.PERCH_TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : null;
afterAll(async () => {
  await redis?.quit();
});

let counter = 0;
const prefix = () => `test-throttle-${process.pid}-${Date.now()}-${counter++}:`;
const POLICY: Partial<SignInPolicy> = { baseBackoffSeconds: 0.2, freePairFailures: 3, freeAddressFailures: 6, accountDelayAfter: 4, accountDelayMs: 50 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (polling, never a fixed sleep) until the limiter lets this pair try again. */
async function waitUntilAllowed(limiter: SignInLimiter, account: string, ip: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await limiter.check(account, ip)).blocked) {
    if (Date.now() > deadline) throw new Error('still blocked after 30 s');
    await sleep(50);
  }
}

const stores: [string, () => AttemptStore][] = [['PostgreSQL', () => ({ kind: 'postgres', pool: getPool() })]];
if (redis) stores.push(['Redis', () => ({ kind: 'redis', client: redis })]);

describe('backoffSeconds', () => {
  it('is free up to the allowance, then doubles, capped', () => {
    const policy = { baseBackoffSeconds: 1, maxBackoffSeconds: 900 };
    expect([0, 2, 3, 4, 5, 6, 20].map((count) => backoffSeconds(count, 3, policy))).toEqual([0, 0, 1, 2, 4, 8, 900]);
  });
});

describe.each(stores)('sign-in throttle in %s', (_name, store) => {
  const limiter = () => createSignInLimiter({ store: store(), keyPrefix: prefix(), policy: POLICY });

  it('blocks a failing (address, account) pair with a growing wait, and only that pair', async () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) {
      expect((await l.check('owner@x.test', '10.0.0.1')).blocked).toBe(false);
      await l.recordFailure('owner@x.test', '10.0.0.1');
    }
    const first = await l.check('OWNER@x.test', '10.0.0.1');
    expect(first).toEqual({ blocked: true, retryAfterSeconds: 1 });
    // The owner from another address, and another account from this address, go ahead.
    expect(await l.check('owner@x.test', '10.0.0.2')).toEqual({ blocked: false, delayMs: 0 });
    expect(await l.check('someone@x.test', '10.0.0.1')).toEqual({ blocked: false, delayMs: 0 });
    // Once the wait is over the pair may try again; another failure doubles the wait.
    await waitUntilAllowed(l, 'owner@x.test', '10.0.0.1');
    const waitedFrom = Date.now();
    await l.recordFailure('owner@x.test', '10.0.0.1');
    await waitUntilAllowed(l, 'owner@x.test', '10.0.0.1');
    expect(Date.now() - waitedFrom).toBeGreaterThanOrEqual(350);
  });

  it('throttles an address spraying many accounts, except for accounts known on it', async () => {
    const l = limiter();
    await l.recordSuccess('colleague@x.test', '10.1.0.1');
    for (let i = 0; i < 6; i++) await l.recordFailure(`victim${i}@x.test`, '10.1.0.1');
    expect((await l.check('new-person@x.test', '10.1.0.1')).blocked).toBe(true);
    expect(await l.check('colleague@x.test', '10.1.0.1')).toEqual({ blocked: false, delayMs: 0 });
    expect((await l.check('new-person@x.test', '10.1.0.2')).blocked).toBe(false);
  });

  it('slows, never blocks, an account attacked from many addresses', async () => {
    const l = limiter();
    await l.recordSuccess('target@x.test', '10.2.9.9');
    for (let i = 0; i < 4; i++) await l.recordFailure('target@x.test', `10.2.0.${i}`);
    expect(await l.check('target@x.test', '10.2.1.1')).toEqual({ blocked: false, delayMs: 50 });
    expect(await l.check('target@x.test', '10.2.9.9')).toEqual({ blocked: false, delayMs: 0 });
  });

  it('counts concurrent failures exactly, as instances sharing the store would', async () => {
    const shared = createSignInLimiter({ store: store(), keyPrefix: prefix(), policy: { ...POLICY, freePairFailures: 20 } });
    await Promise.all(Array.from({ length: 20 }, () => shared.recordFailure('c@x.test', '10.3.0.1')));
    // Twenty free failures: blocked only if all twenty were counted.
    expect((await shared.check('c@x.test', '10.3.0.1')).blocked).toBe(true);
  });
});

describe('sign-in throttle while Redis is down', () => {
  it('keeps counting in PostgreSQL instead of failing or letting everyone through', async () => {
    // A client for a port nothing listens on: every command fails at once.
    const down = new Redis({ port: 1, host: '127.0.0.1', maxRetriesPerRequest: 0, enableOfflineQueue: false, lazyConnect: true, retryStrategy: () => null });
    down.on('error', () => undefined);
    try {
      const l = createSignInLimiter({ store: { kind: 'redis', client: down, fallbackPool: getPool() }, keyPrefix: prefix(), policy: POLICY });
      for (let i = 0; i < 3; i++) await l.recordFailure('owner@x.test', '10.4.0.1');
      expect((await l.check('owner@x.test', '10.4.0.1')).blocked).toBe(true);
      expect((await l.check('owner@x.test', '10.4.0.2')).blocked).toBe(false);
    } finally {
      down.disconnect();
    }
  });
});

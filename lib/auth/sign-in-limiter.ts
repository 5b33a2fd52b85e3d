import { getPool } from '@/lib/db/pool';
import { getRedis } from '@/lib/ratelimit/redis-client';
import { createAttemptCounter, type AttemptState, type AttemptStore } from './attempt-counter';

export type SignInVerdict = { blocked: false; delayMs: number } | { blocked: true; retryAfterSeconds: number };

/**
 * Throttles whoever is guessing, not the account they guess at:
 * - per (address, account): a few free failures, then an exponentially growing wait since
 *   the last failure (1 s, 2 s, 4 s … at most 15 minutes). The owner on another address is
 *   unaffected.
 * - per address, across accounts (password spraying): more free failures, then the same
 *   backoff; except for accounts that have signed in successfully from this address before,
 *   so one guesser behind an office NAT does not lock out colleagues who sign in from there.
 * - per account, across addresses (a distributed attack): never a block, only a short delay
 *   before the password is checked, again skipped for a known address.
 */
export type SignInLimiter = {
  /** Whether an attempt for this account from this address may go ahead now, and after what delay. */
  check(account: string, ip: string): Promise<SignInVerdict>;
  /** Counts one failed attempt. */
  recordFailure(account: string, ip: string): Promise<void>;
  /** A correct password clears the pair's failures and marks the address as known for the account. */
  recordSuccess(account: string, ip: string): Promise<void>;
};

export type SignInPolicy = {
  freePairFailures: number;
  freeAddressFailures: number;
  /** Failures of one account across addresses after which unknown addresses wait `accountDelayMs`. */
  accountDelayAfter: number;
  accountDelayMs: number;
  baseBackoffSeconds: number;
  maxBackoffSeconds: number;
  /** How long a failure is remembered after the last one. */
  windowSeconds: number;
  /** How long an address stays known for an account after a successful sign-in. */
  knownSeconds: number;
};

export const DEFAULT_SIGN_IN_POLICY: SignInPolicy = {
  freePairFailures: 3,
  freeAddressFailures: 20,
  accountDelayAfter: 10,
  accountDelayMs: 1_000,
  baseBackoffSeconds: 1,
  maxBackoffSeconds: 15 * 60,
  windowSeconds: 60 * 60,
  knownSeconds: 30 * 24 * 60 * 60,
};

export type SignInLimiterOptions = { store: AttemptStore; keyPrefix?: string; policy?: Partial<SignInPolicy> };

/** The wait (seconds) owed after `count` failures of which `free` cost nothing. */
export function backoffSeconds(count: number, free: number, policy: Pick<SignInPolicy, 'baseBackoffSeconds' | 'maxBackoffSeconds'>): number {
  if (count < free) return 0;
  return Math.min(policy.maxBackoffSeconds, policy.baseBackoffSeconds * 2 ** (count - free));
}

/** A sign-in limiter over a shared counter store (PostgreSQL or Redis; memory for one process). */
export function createSignInLimiter({ store, keyPrefix = 'signin:', policy: overrides = {} }: SignInLimiterOptions): SignInLimiter {
  const policy = { ...DEFAULT_SIGN_IN_POLICY, ...overrides };
  const counter = createAttemptCounter(store, keyPrefix);
  const normal = (account: string) => account.trim().toLowerCase();
  const keys = (account: string, ip: string) => ({
    pair: `pair:${ip}|${normal(account)}`,
    address: `ip:${ip}`,
    account: `account:${normal(account)}`,
    known: `known:${ip}|${normal(account)}`,
  });
  const waitLeft = (state: AttemptState | null, free: number) => {
    if (!state) return 0;
    const wait = backoffSeconds(state.count, free, policy) * 1000;
    return Math.max(0, state.lastAt + wait - Date.now());
  };

  return {
    async check(account, ip) {
      const k = keys(account, ip);
      const [pair, address, perAccount, known] = await counter.get([k.pair, k.address, k.account, k.known]);
      const waits = [waitLeft(pair, policy.freePairFailures)];
      if (!known) waits.push(waitLeft(address, policy.freeAddressFailures));
      const waitMs = Math.max(...waits);
      if (waitMs > 0) return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
      const delayMs = !known && (perAccount?.count ?? 0) >= policy.accountDelayAfter ? policy.accountDelayMs : 0;
      return { blocked: false, delayMs };
    },
    async recordFailure(account, ip) {
      const k = keys(account, ip);
      await Promise.all([k.pair, k.address, k.account].map((key) => counter.hit(key, policy.windowSeconds)));
    },
    async recordSuccess(account, ip) {
      const k = keys(account, ip);
      await Promise.all([counter.clear(k.pair), counter.hit(k.known, policy.knownSeconds)]);
    },
  };
}

/** Where the process's sign-in counters live: Redis when REDIS_URL is set (PostgreSQL while it is down), else PostgreSQL. */
export function sharedAttemptStore(): AttemptStore {
  const redis = getRedis();
  return redis ? { kind: 'redis', client: redis, fallbackPool: getPool() } : { kind: 'postgres', pool: getPool() };
}

const globalForSignIn = globalThis as typeof globalThis & { perchSignInLimiter?: SignInLimiter };

/** The process's dashboard sign-in limiter, its counters shared by every instance. */
export function sharedSignInLimiter(): SignInLimiter {
  globalForSignIn.perchSignInLimiter ??= createSignInLimiter({ store: sharedAttemptStore(), keyPrefix: 'signin:' });
  return globalForSignIn.perchSignInLimiter;
}

/** "12 seconds", "1 minute", "15 minutes": a wait as a person reads it. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

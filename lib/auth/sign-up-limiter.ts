import { createAttemptCounter, type AttemptStore } from './attempt-counter';
import type { Env } from './env';
import { sharedAttemptStore } from './sign-in-limiter';

export type SignUpLimiter = {
  /** Null while this address may create another account, else how long (seconds) until it may. */
  check(ip: string): Promise<number | null>;
  /** Counts one created account against the address. */
  record(ip: string): Promise<void>;
};

// Generous enough for an office or a proxy that shows many people as one address.
const DEFAULT_PER_HOUR = 20;

/** Accounts one address may create per hour: PERCH_SIGNUP_LIMIT_PER_HOUR, default 20 (0 turns the limit off). */
export function signUpsPerHour(env: Env = process.env): number {
  const raw = env.PERCH_SIGNUP_LIMIT_PER_HOUR;
  if (raw === undefined || raw === '') return DEFAULT_PER_HOUR;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`PERCH_SIGNUP_LIMIT_PER_HOUR must be a whole number >= 0, got "${raw}"`);
  return value;
}

/**
 * Limits how many accounts one client address creates per hour (each comes with free
 * credits on the dashboard, and a fresh identity on the platform). The window restarts with
 * each sign-up, so a steady trickle stays limited too.
 */
export function createSignUpLimiter({ store, keyPrefix, perHour }: { store: AttemptStore; keyPrefix: string; perHour: number }): SignUpLimiter {
  const counter = createAttemptCounter(store, keyPrefix);
  const WINDOW_SECONDS = 60 * 60;
  return {
    async check(ip) {
      if (perHour === 0) return null;
      const [state] = await counter.get([ip]);
      if (!state || state.count < perHour) return null;
      return Math.max(1, Math.ceil((state.lastAt + WINDOW_SECONDS * 1000 - Date.now()) / 1000));
    },
    async record(ip) {
      if (perHour === 0) return;
      await counter.hit(ip, WINDOW_SECONDS);
    },
  };
}

const globalForSignUp = globalThis as typeof globalThis & { perchSignUpLimiters?: Map<string, SignUpLimiter> };

/** The process's sign-up limiter for the dashboard ('signup') or the platform ('platform-signup'). */
export function sharedSignUpLimiter(kind: 'signup' | 'platform-signup'): SignUpLimiter {
  globalForSignUp.perchSignUpLimiters ??= new Map();
  let limiter = globalForSignUp.perchSignUpLimiters.get(kind);
  if (!limiter) {
    limiter = createSignUpLimiter({ store: sharedAttemptStore(), keyPrefix: `${kind}:ip:`, perHour: signUpsPerHour() });
    globalForSignUp.perchSignUpLimiters.set(kind, limiter);
  }
  return limiter;
}

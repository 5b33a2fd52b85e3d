import type { Env } from './env';

const DEFAULT_SIGNUP_CREDITS = 100_000;

/** Free credits a new account receives: PERCH_SIGNUP_CREDITS, default 100000. */
export function signupCredits(env: Env = process.env): number {
  const raw = env.PERCH_SIGNUP_CREDITS;
  if (raw === undefined || raw === '') return DEFAULT_SIGNUP_CREDITS;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`PERCH_SIGNUP_CREDITS must be a whole number >= 0, got "${raw}"`);
  return value;
}

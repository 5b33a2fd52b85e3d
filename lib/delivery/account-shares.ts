import { DELIVERY_LIMITS } from './delivery-limits';

// Attempts under way in this process, per account. Only this process's workers are shared
// here: each instance keeps every account to its share of its own workers.
const inFlight = new Map<string, number>();

/** Takes one of the account's share of this instance's workers; false when it has them all in use. */
export function takeAccountShare(userId: string): boolean {
  const used = inFlight.get(userId) ?? 0;
  if (used >= DELIVERY_LIMITS.perAccount) return false;
  inFlight.set(userId, used + 1);
  return true;
}

/** Gives back what takeAccountShare took. */
export function giveAccountShare(userId: string): void {
  const used = (inFlight.get(userId) ?? 0) - 1;
  if (used > 0) inFlight.set(userId, used);
  else inFlight.delete(userId);
}

/** The account's attempts under way in this process (for tests and logs). */
export function accountAttemptsInFlight(userId: string): number {
  return inFlight.get(userId) ?? 0;
}

// The moment budget periods are judged at. In production nothing is set and the statements use
// the database's now(): one clock for every instance. Tests set a moment (past midnight in a
// workspace's time zone, say) instead of waiting for it. Only periods read this clock: holds,
// leases and usage keep their real timestamps.

const globalForClock = globalThis as typeof globalThis & { perchBudgetClock?: Date | null };

/** The injected moment, or null for the database's now(); passed to SQL as a timestamptz parameter. */
export function budgetClock(): Date | null {
  return globalForClock.perchBudgetClock ?? null;
}

/** Tests only: judge budget periods at `at` (null: the database's clock again). */
export function setBudgetClock(at: Date | null): void {
  globalForClock.perchBudgetClock = at;
}

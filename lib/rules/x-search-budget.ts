/** X's recent search limit for an app by default: 450 requests per 15-minute window. */
export const DEFAULT_X_SEARCH_BUDGET = 450;

const WINDOW_SECONDS = 15 * 60;

/**
 * The X source's share of X's recent search limit: a sliding 15-minute window of the requests
 * made (no request beyond the budget, whatever paging a burst needs) and the factor by which
 * every rule's interval is stretched when the rules together would ask for more than the budget.
 * `secondMs` is the length of a second (1,000; tests shrink time to run in seconds).
 */
export function createSearchBudget(perWindow: number, secondMs = 1000) {
  const windowMs = WINDOW_SECONDS * secondMs;
  const made: number[] = [];
  const prune = (now: number) => {
    while (made.length > 0 && made[0] <= now - windowMs) made.shift();
  };
  return {
    /** When the next request may go: now, or when the oldest request in the window leaves it. */
    nextSlot(now = Date.now()): number {
      prune(now);
      return made.length < perWindow ? now : made[made.length - perWindow] + windowMs;
    },
    /** Counts a request made now. */
    take(now = Date.now()): void {
      made.push(now);
    },
    /** How much slower than asked every rule polls: 1 while the intervals' requests fit the budget. */
    stretch(intervalsSeconds: readonly number[]): number {
      const wanted = intervalsSeconds.reduce((sum, seconds) => sum + WINDOW_SECONDS / seconds, 0);
      return Math.max(1, wanted / perWindow);
    },
  };
}

export type SearchBudget = ReturnType<typeof createSearchBudget>;

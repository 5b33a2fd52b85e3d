/** X's recent search limit for an app by default: 450 requests per 15-minute window. */
export const DEFAULT_X_SEARCH_BUDGET = 450;

const WINDOW_SECONDS = 15 * 60;

/** Requests made in the window and each poller's wanted requests per window, shared by every budget of one setting. */
type Shared = { made: number[]; wanted: Map<string, number> };

// The budget is the app's, not a poller's: the X source (tweet rules) and the X monitor source
// (follows and profile rules, lib/monitors) each ask for one under their own name, and every
// budget of one setting in this process spends from one window and stretches by everyone's
// demand. A poller started again (a new leader term) takes its name's place, not a second one.
const shared = new Map<string, Shared>();

/**
 * The X pollers' share of X's request limit: a sliding 15-minute window of the requests made
 * (no request beyond the budget, whatever paging a burst needs) and the factor by which every
 * rule's interval is stretched when the rules of every poller together would ask for more than
 * the budget. `secondMs` is the length of a second (1,000; tests shrink time to run in seconds);
 * `poller` names whose demand `stretch` states (the tweet rules' source unless told).
 */
export function createSearchBudget(perWindow: number, secondMs = 1000, poller = 'tweets') {
  const windowMs = WINDOW_SECONDS * secondMs;
  const key = `${perWindow}|${secondMs}`;
  let state = shared.get(key);
  if (!state) {
    state = { made: [], wanted: new Map() };
    shared.set(key, state);
  }
  const { made, wanted } = state;
  const prune = (now: number) => {
    while (made.length > 0 && made[0] <= now - windowMs) made.shift();
  };
  const stretchOf = () => Math.max(1, [...wanted.values()].reduce((sum, n) => sum + n, 0) / perWindow);
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
    /**
     * How much slower than asked every rule polls: 1 while the requests of these intervals (each
     * poll `requests` of them, 1 unless told) and those of the other pollers fit the budget.
     */
    stretch(intervalsSeconds: readonly number[], requests?: readonly number[]): number {
      wanted.set(poller, intervalsSeconds.reduce((sum, seconds, i) => sum + (requests?.[i] ?? 1) * (WINDOW_SECONDS / seconds), 0));
      return stretchOf();
    },
    /** The stretch for everyone's demand as last stated, without stating this poller's again. */
    currentStretch(): number {
      return stretchOf();
    },
  };
}

export type SearchBudget = ReturnType<typeof createSearchBudget>;

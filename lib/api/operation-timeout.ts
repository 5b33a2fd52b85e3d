import { ApiError } from './errors';

// One watchdog for every operation in flight instead of a timer and a Promise.race per call
// (a measurable share of a cheap call's CPU): it wakes every CHECK_MS while anything runs,
// and stops when nothing does.
const CHECK_MS = 50;
type Watched = { deadline: number; expire: () => void };
const inFlight = new Set<Watched>();
let watchdog: NodeJS.Timeout | undefined;

function check(): void {
  const now = performance.now();
  for (const watched of inFlight) {
    if (watched.deadline > now) continue;
    inFlight.delete(watched);
    watched.expire();
  }
  if (inFlight.size === 0) {
    clearInterval(watchdog);
    watchdog = undefined;
  }
}

/**
 * Runs an operation's handler with a bound on its run time: past it the call answers 503
 * `unavailable` (and charges nothing), give or take CHECK_MS. The bound is what lets the
 * stale-hold sweeper refund holds soon after it instead of after minutes
 * (metering-config.ts, staleHoldAgeMs).
 */
export function withOperationTimeout<T>(timeoutMs: number, run: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const watched: Watched = {
      deadline: performance.now() + timeoutMs,
      expire: () => reject(new ApiError('unavailable', `the operation did not finish within ${timeoutMs / 1000} s; nothing was charged: retry shortly`)),
    };
    inFlight.add(watched);
    if (!watchdog) {
      watchdog = setInterval(check, Math.min(CHECK_MS, timeoutMs));
    }
    let running: Promise<T>;
    try {
      running = run();
    } catch (error) {
      inFlight.delete(watched);
      return reject(error);
    }
    running.then(
      (value) => {
        inFlight.delete(watched);
        resolve(value);
      },
      (error: unknown) => {
        inFlight.delete(watched);
        reject(error);
      },
    );
  });
}

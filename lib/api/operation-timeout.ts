import { ApiError } from './errors';

// One watchdog for every operation in flight instead of a timer and a Promise.race per call
// (a measurable share of a cheap call's CPU): it wakes every CHECK_MS while anything runs,
// and stops when nothing does.
//
// Calls wait in one queue per timeout (a process uses one, PERCH_OPERATION_TIMEOUT_MS), so each
// queue is in deadline order and the watchdog only looks at its front. A finished call drops
// its `reject` at once: the queue then keeps nothing of the call alive. (The first version kept
// calls in a Set, deleting each on completion; under load the young-generation collector then
// promoted most of each call's objects to the old generation, about 1.5 MB per scavenge at
// 8,000 getUser calls a second, and the collection of those cost a sixth of the call's CPU.)
const CHECK_MS = 50;
/** A call in flight: `reject` ends it with the timeout error; null once it finished (or expired). */
type Watched = { deadline: number; timeoutMs: number; reject: ((error: ApiError) => void) | null };
type Queue = { entries: Watched[]; head: number };
const queues = new Map<number, Queue>();
let watchdog: NodeJS.Timeout | undefined;

function check(): void {
  const now = performance.now();
  for (const [timeoutMs, queue] of queues) {
    expireDue(queue, now);
    if (queue.head === queue.entries.length) queues.delete(timeoutMs);
  }
  if (queues.size === 0) {
    clearInterval(watchdog);
    watchdog = undefined;
  }
}

/** Expires the calls at the front whose deadline passed, skipping finished ones, and compacts the queue. */
function expireDue(queue: Queue, now: number): void {
  const { entries } = queue;
  while (queue.head < entries.length) {
    const watched = entries[queue.head];
    if (watched.reject !== null && watched.deadline > now) break;
    queue.head += 1;
    const reject = watched.reject;
    watched.reject = null;
    reject?.(new ApiError('unavailable', `the operation did not finish within ${watched.timeoutMs / 1000} s; nothing was charged: retry shortly`));
  }
  // Drop the passed front once it is most of the array, so the queue stays as long as what is in flight.
  if (queue.head > 1_024 && queue.head * 2 > entries.length) {
    queue.entries = entries.slice(queue.head);
    queue.head = 0;
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
    // The call's reject itself, not a closure over it: one object fewer per call.
    const watched: Watched = { deadline: performance.now() + timeoutMs, timeoutMs, reject };
    let queue = queues.get(timeoutMs);
    if (!queue) queues.set(timeoutMs, (queue = { entries: [], head: 0 }));
    queue.entries.push(watched);
    watchdog ??= setInterval(check, Math.min(CHECK_MS, timeoutMs));
    let running: Promise<T>;
    try {
      running = run();
    } catch (error) {
      watched.reject = null;
      return reject(error);
    }
    running.then(
      (value) => {
        watched.reject = null;
        resolve(value);
      },
      (error: unknown) => {
        watched.reject = null;
        reject(error);
      },
    );
  });
}

import { ApiError } from './errors';

/**
 * Runs an operation's handler with a bound on its run time: past it the call answers 503
 * `unavailable` (and charges nothing). The bound is what lets the stale-hold sweeper refund
 * holds soon after it instead of after minutes (metering-config.ts, staleHoldAgeMs).
 */
export async function withOperationTimeout<T>(timeoutMs: number, run: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiError('unavailable', `the operation did not finish within ${timeoutMs / 1000} s; nothing was charged: retry shortly`)), timeoutMs);
  });
  try {
    return await Promise.race([run(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

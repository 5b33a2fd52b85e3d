import type { RateLimitDecision } from './types';

// The in-memory store of the per-key limit, written out instead of rate-limiter-flexible's
// BurstyRateLimiter over two RateLimiterMemory: the same two fixed windows (`rate` per second,
// and a reserve of `rate` more per `burstWindowSeconds`) and the same answers, but one Map
// lookup and some arithmetic, with no promises, result objects or per-window timers. It ran on
// every call and cost a cheap call a measurable share of its CPU (docs/metering.md).

type Windows = {
  /** When the current one-second window ends (ms), and the calls it has taken. */
  rateEnds: number;
  rateUsed: number;
  /** When the current burst window ends (ms), and the reserve it has given out. */
  burstEnds: number;
  burstUsed: number;
};

export type MemoryWindows = {
  consume(keyId: string, rate: number): RateLimitDecision;
  /** Keys held (those whose windows ended go at the next sweep). */
  readonly size: number;
};

/** Per-key windows in this process; entries whose windows have both ended are swept as the map grows. */
export function createMemoryWindows(burstWindowSeconds: number, now: () => number = Date.now): MemoryWindows {
  const byKey = new Map<string, Windows>();
  let sweepAt = 1_024;

  function sweep(at: number): void {
    for (const [key, windows] of byKey) if (windows.rateEnds <= at && windows.burstEnds <= at) byKey.delete(key);
    sweepAt = Math.max(1_024, byKey.size * 2);
  }

  return {
    get size() {
      return byKey.size;
    },
    consume(keyId, rate) {
      const at = now();
      // A key whose limit changes starts fresh windows, as it did with one limiter pair per rate.
      const key = `${rate}:${keyId}`;
      let windows = byKey.get(key);
      if (!windows) {
        if (byKey.size >= sweepAt) sweep(at);
        windows = { rateEnds: 0, rateUsed: 0, burstEnds: 0, burstUsed: 0 };
        byKey.set(key, windows);
      }
      if (windows.rateEnds <= at) {
        windows.rateEnds = at + 1_000;
        windows.rateUsed = 0;
      }
      windows.rateUsed += 1;
      const msLeft = windows.rateEnds - at;
      if (windows.rateUsed <= rate) return rateDecision(true, rate, rate - windows.rateUsed, msLeft, at);
      // The second's calls are used up: the reserve pays, while it lasts.
      if (windows.burstEnds <= at) {
        windows.burstEnds = at + burstWindowSeconds * 1_000;
        windows.burstUsed = 0;
      }
      windows.burstUsed += 1;
      return rateDecision(windows.burstUsed <= rate, rate, 0, Math.min(msLeft, windows.burstEnds - at), at);
    },
  };
}

/** The answer to one call, from either store: what is left of the second and when to come back. */
export function rateDecision(allowed: boolean, rate: number, remaining: number, msBeforeNext: number, at: number): RateLimitDecision {
  const ms = Math.max(0, msBeforeNext);
  return {
    allowed,
    limit: rate,
    remaining: allowed ? Math.max(0, remaining) : 0,
    resetUnixSeconds: Math.ceil((at + ms) / 1000),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(ms / 1000)),
  };
}

// When a failed attempt is tried again, and after how long. Pure functions, so the policy is
// testable without a server that fails on cue.

/** How one attempt ended, as far as retrying is concerned; `code` is the error body's code when it had one. */
export type AttemptOutcome = { kind: 'status'; status: number; retryAfterMs: number | null; code?: string | null } | { kind: 'network' } | { kind: 'timeout' };

export type RetryContext = {
  /** 0 for the first retry, 1 for the second, … */
  retry: number;
  maxRetries: number;
  /** Whether repeating the request cannot do the work twice: reads, and writes carrying an Idempotency-Key. */
  idempotent: boolean;
  random?: () => number;
};

const BASE_DELAY_MS = 500;
const MAX_BACKOFF_MS = 8_000;
/** A Retry-After longer than this is not waited out inside one call: the error goes to the caller. */
export const MAX_RETRY_AFTER_MS = 60_000;
/**
 * Added to Retry-After: timers may fire a few milliseconds early, and the server's window ends
 * on the second it named, so arriving a hair early would only earn another 429.
 */
export const RETRY_AFTER_MARGIN_MS = 25;

/**
 * Error codes the same call would only meet again: a wrong key (too_many_failed_authentications;
 * a valid key is always served) and a request the upstream platform will never accept
 * (upstream_error, 502). They are given back to the caller at once, whatever their status.
 */
export const NEVER_RETRIED_CODES: ReadonlySet<string> = new Set(['too_many_failed_authentications', 'upstream_error']);

/**
 * Exponential backoff with jitter: 0.5 s, 1 s, 2 s … capped at 8 s, each scaled by a random
 * factor in [0.5, 1) so that clients failing together do not retry together.
 */
export function backoffMs(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, BASE_DELAY_MS * 2 ** retry);
  return Math.round(ceiling * (0.5 + random() / 2));
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date always names its weekday and month; Date.parse alone would take "-1" as a year.
  if (!/[A-Za-z]{3}/.test(trimmed)) return null;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * How long to wait before retrying, or null to give up. A 429 is retried for every call (the
 * server refuses it before doing anything); 5xx, network failures and timeouts only for
 * idempotent calls, since the first attempt may have done the work; NEVER_RETRIED_CODES never.
 */
export function retryDelayMs(outcome: AttemptOutcome, context: RetryContext): number | null {
  if (context.retry >= context.maxRetries) return null;
  const backoff = backoffMs(context.retry, context.random);
  if (outcome.kind === 'status') {
    if (outcome.code && NEVER_RETRIED_CODES.has(outcome.code)) return null;
    const retryable = outcome.status === 429 || (outcome.status >= 500 && context.idempotent);
    if (!retryable) return null;
    if (outcome.retryAfterMs === null) return backoff;
    return outcome.retryAfterMs > MAX_RETRY_AFTER_MS ? null : outcome.retryAfterMs + RETRY_AFTER_MARGIN_MS;
  }
  return context.idempotent ? backoff : null;
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

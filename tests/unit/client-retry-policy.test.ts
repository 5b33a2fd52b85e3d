import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_MS, RETRY_AFTER_MARGIN_MS, backoffMs, parseRetryAfter, retryDelayMs, sleep } from '@/packages/client/src/retry-policy';

const context = (overrides: Partial<Parameters<typeof retryDelayMs>[1]> = {}) => ({ retry: 0, maxRetries: 3, idempotent: true, random: () => 0.5, ...overrides });

describe('backoffMs', () => {
  it('doubles from 0.5 s up to 8 s, jittered into [half, full)', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((retry) => backoffMs(retry, () => 0))).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);
    expect([0, 1, 2, 3, 4, 5].map((retry) => backoffMs(retry, () => 0.999999))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    for (let i = 0; i < 200; i++) {
      const delay = backoffMs(2);
      expect(delay).toBeGreaterThanOrEqual(1000);
      expect(delay).toBeLessThanOrEqual(2000);
    }
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates, null for anything else', () => {
    expect(parseRetryAfter('1')).toBe(1000);
    expect(parseRetryAfter(' 3 ')).toBe(3000);
    expect(parseRetryAfter('0')).toBe(0);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', now)).toBe(0);
    for (const value of [null, '', 'soon', '-1', '1.5']) expect(parseRetryAfter(value), String(value)).toBeNull();
  });
});

describe('retryDelayMs', () => {
  it('retries a 429 for any call, waiting Retry-After (plus a small margin) or a backoff', () => {
    expect(retryDelayMs({ kind: 'status', status: 429, retryAfterMs: 2000 }, context({ idempotent: false }))).toBe(2000 + RETRY_AFTER_MARGIN_MS);
    expect(retryDelayMs({ kind: 'status', status: 429, retryAfterMs: null }, context({ idempotent: false, retry: 1 }))).toBe(750);
  });

  it('gives a Retry-After beyond a minute back to the caller', () => {
    expect(retryDelayMs({ kind: 'status', status: 429, retryAfterMs: MAX_RETRY_AFTER_MS + 1 }, context())).toBeNull();
    expect(retryDelayMs({ kind: 'status', status: 429, retryAfterMs: MAX_RETRY_AFTER_MS }, context())).toBe(MAX_RETRY_AFTER_MS + RETRY_AFTER_MARGIN_MS);
  });

  it('retries 5xx, network failures and timeouts only when the call is idempotent', () => {
    for (const outcome of [{ kind: 'status', status: 500, retryAfterMs: null }, { kind: 'status', status: 503, retryAfterMs: null }, { kind: 'network' }, { kind: 'timeout' }] as const) {
      expect(retryDelayMs(outcome, context()), JSON.stringify(outcome)).toBe(375);
      expect(retryDelayMs(outcome, context({ idempotent: false })), JSON.stringify(outcome)).toBeNull();
    }
    expect(retryDelayMs({ kind: 'status', status: 503, retryAfterMs: 1000 }, context())).toBe(1000 + RETRY_AFTER_MARGIN_MS);
  });

  it('never retries upstream_error (502: the platform will never accept the request) or too_many_failed_authentications', () => {
    expect(retryDelayMs({ kind: 'status', status: 502, retryAfterMs: null, code: 'upstream_error' }, context())).toBeNull();
    expect(retryDelayMs({ kind: 'status', status: 429, retryAfterMs: 1000, code: 'too_many_failed_authentications' }, context())).toBeNull();
    // A 502 without Perch's error body (a proxy's page) is still a 5xx like any other.
    expect(retryDelayMs({ kind: 'status', status: 502, retryAfterMs: null, code: null }, context())).toBe(375);
    expect(retryDelayMs({ kind: 'status', status: 503, retryAfterMs: null, code: 'unavailable' }, context())).toBe(375);
  });

  it('never retries other 4xx', () => {
    for (const status of [400, 401, 402, 403, 404, 405, 409, 413]) expect(retryDelayMs({ kind: 'status', status, retryAfterMs: 1000 }, context()), String(status)).toBeNull();
  });

  it('stops after maxRetries', () => {
    const outcome = { kind: 'status', status: 429, retryAfterMs: 0 } as const;
    expect(retryDelayMs(outcome, context({ retry: 2, maxRetries: 3 }))).toBe(RETRY_AFTER_MARGIN_MS);
    expect(retryDelayMs(outcome, context({ retry: 3, maxRetries: 3 }))).toBeNull();
    expect(retryDelayMs(outcome, context({ retry: 0, maxRetries: 0 }))).toBeNull();
  });
});

describe('sleep', () => {
  it('waits, and rejects with the reason as soon as the signal aborts', async () => {
    const started = performance.now();
    await sleep(30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    const controller = new AbortController();
    const slept = sleep(10_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(slept).rejects.toThrow('stop');
    await expect(sleep(10, AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
  });
});

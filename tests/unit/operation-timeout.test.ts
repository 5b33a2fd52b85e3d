import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { withOperationTimeout } from '@/lib/api/operation-timeout';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function outcome<T>(promise: Promise<T>): Promise<{ value?: T; code?: string; at: number }> {
  const started = performance.now();
  try {
    return { value: await promise, at: performance.now() - started };
  } catch (error) {
    return { code: error instanceof ApiError ? error.code : String(error), at: performance.now() - started };
  }
}

describe('operation time bound', () => {
  it('passes through what finishes in time, value or error', async () => {
    expect(await withOperationTimeout(1_000, async () => 'done')).toBe('done');
    await expect(withOperationTimeout(1_000, async () => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    await expect(
      withOperationTimeout(1_000, () => {
        throw new Error('thrown before any promise');
      }),
    ).rejects.toThrow('thrown before any promise');
  });

  it('answers unavailable once the bound has passed, not before', async () => {
    const slow = await outcome(withOperationTimeout(100, () => sleep(2_000).then(() => 'late')));
    expect(slow.code).toBe('unavailable');
    expect(slow.at).toBeGreaterThanOrEqual(99);
    expect(slow.at).toBeLessThan(1_500);
  });

  it('expires a short bound behind calls with a longer one, and calls queued behind finished ones', async () => {
    // Long-bound calls first: one queue per bound, so the short one is not stuck behind them.
    const long = withOperationTimeout(5_000, () => sleep(2_000).then(() => 'long'));
    const finished = await withOperationTimeout(100, async () => 'quick');
    const short = outcome(withOperationTimeout(100, () => sleep(3_000)));
    expect(finished).toBe('quick');
    expect((await short).code).toBe('unavailable');
    expect((await short).at).toBeLessThan(1_000);
    expect(await long).toBe('long');
  });

  it('keeps bounding calls after thousands have come and gone', async () => {
    for (let i = 0; i < 3_000; i += 1) await withOperationTimeout(200, async () => i);
    const slow = await outcome(withOperationTimeout(200, () => sleep(3_000)));
    expect(slow.code).toBe('unavailable');
    expect(slow.at).toBeLessThan(1_500);
  });
});

import { describe, expect, it } from 'vitest';
import { createMemoryWindows } from '@/lib/ratelimit/memory-windows';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('in-memory rate-limit windows', () => {
  it('takes rate per second, then the reserve, then refuses until the second ends', () => {
    const time = clock();
    const windows = createMemoryWindows(10, time.now);
    const decisions = Array.from({ length: 5 }, () => windows.consume('k', 2));
    expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([[true, 1], [true, 0], [true, 0], [true, 0], [false, 0]]);
    expect(decisions[4].retryAfterSeconds).toBe(1);
    time.advance(1_000);
    expect(windows.consume('k', 2)).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('refills the reserve only when its own window ends', () => {
    const time = clock();
    const windows = createMemoryWindows(10, time.now);
    for (let i = 0; i < 4; i += 1) windows.consume('k', 2);
    time.advance(1_000);
    windows.consume('k', 2);
    windows.consume('k', 2);
    // The second's two calls are used and the reserve was spent a second ago: refused.
    expect(windows.consume('k', 2).allowed).toBe(false);
    time.advance(9_000);
    windows.consume('k', 2);
    windows.consume('k', 2);
    expect(windows.consume('k', 2)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('keeps keys and rates apart: a changed limit starts fresh windows', () => {
    const windows = createMemoryWindows(10, clock().now);
    for (let i = 0; i < 3; i += 1) windows.consume('a', 1);
    expect(windows.consume('a', 1).allowed).toBe(false);
    expect(windows.consume('b', 1).allowed).toBe(true);
    expect(windows.consume('a', 5)).toMatchObject({ allowed: true, remaining: 4 });
  });

  it('forgets keys whose windows have ended, so the map stays bounded', () => {
    const time = clock();
    const windows = createMemoryWindows(1, time.now);
    for (let i = 0; i < 1_500; i += 1) windows.consume(`old-${i}`, 1);
    time.advance(2_000);
    expect(windows.size).toBe(1_500);
    // New keys arrive; when the map reaches the mark (twice its size at the last sweep) the ended ones go.
    for (let i = 0; i < 600; i += 1) windows.consume(`new-${i}`, 1);
    expect(windows.size).toBe(600);
    expect(windows.consume('old-1', 1)).toMatchObject({ allowed: true, remaining: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { StartupError } from '@/lib/db/startup-error';
import { readPlatformConfig } from '@/lib/platform/platform-config';
import { budgetChunk, describeBudget, readUpstreamBudget } from '@/lib/platform/upstream-budget-settings';

const read = (value: string | undefined) => readUpstreamBudget({ PERCH_X_UPSTREAM_BUDGET: value }, 'PERCH_X_UPSTREAM_BUDGET');

describe('readUpstreamBudget', () => {
  it('is off when unset, empty or "off"', () => {
    expect(read(undefined)).toBeNull();
    expect(read('  ')).toBeNull();
    expect(read('OFF')).toBeNull();
  });

  it('reads requests per window in seconds, minutes or hours', () => {
    expect(read('300/15m')).toEqual({ requests: 300, windowSeconds: 900 });
    expect(read(' 900 / 900s ')).toEqual({ requests: 900, windowSeconds: 900 });
    expect(read('3000/300')).toEqual({ requests: 3000, windowSeconds: 300 });
    expect(read('10000/24H')).toEqual({ requests: 10_000, windowSeconds: 86_400 });
    expect(read('60/m')).toEqual({ requests: 60, windowSeconds: 60 });
  });

  it.each(['300', '300/', '0/15m', '300/0s', '300/25h', '300/15d', '-1/15m', '1.5/15m', 'lots/15m', '20000000/1h'])('refuses "%s" with one line naming the variable', (value) => {
    let error: unknown;
    try {
      read(value);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(StartupError);
    const message = (error as Error).message;
    expect(message).toContain('PERCH_X_UPSTREAM_BUDGET must be upstream requests per window such as 300/15m');
    expect(message).toContain(`got "${value}"`);
    expect(message).not.toContain('\n');
  });

  it('claims 10 at a time, fewer for small budgets', () => {
    expect(budgetChunk({ requests: 900, windowSeconds: 900 })).toBe(9);
    expect(budgetChunk({ requests: 300_000, windowSeconds: 900 })).toBe(10);
    expect(budgetChunk({ requests: 250, windowSeconds: 60 })).toBe(2);
    expect(budgetChunk({ requests: 5, windowSeconds: 60 })).toBe(1);
  });

  it('describes a budget in words', () => {
    expect(describeBudget({ requests: 300, windowSeconds: 900 })).toBe('300 requests per 15 min');
    expect(describeBudget({ requests: 1, windowSeconds: 3600 })).toBe('1 request per 1 h');
    expect(describeBudget({ requests: 50, windowSeconds: 90 })).toBe('50 requests per 90 s');
  });
});

describe('readPlatformConfig with budgets', () => {
  it('gives X and Bluesky a budget only when one is set', () => {
    const none = readPlatformConfig({ PERCH_PLATFORM: 'x', PERCH_PLATFORMS: 'bluesky', PERCH_X_BEARER_TOKEN: 'AAAA' });
    expect(none.x).not.toHaveProperty('requestBudget');
    expect(none.bluesky).not.toHaveProperty('requestBudget');
    const both = readPlatformConfig({
      PERCH_PLATFORM: 'x',
      PERCH_PLATFORMS: 'bluesky',
      PERCH_X_BEARER_TOKEN: 'AAAA',
      PERCH_X_UPSTREAM_BUDGET: '300/15m',
      PERCH_BLUESKY_UPSTREAM_BUDGET: '3000/5m',
    });
    expect(both.x?.requestBudget).toEqual({ requests: 300, windowSeconds: 900 });
    expect(both.bluesky?.requestBudget).toEqual({ requests: 3000, windowSeconds: 300 });
  });

  it('stops start-up on a bad Bluesky budget, naming its variable', () => {
    expect(() => readPlatformConfig({ PERCH_PLATFORM: 'bluesky', PERCH_BLUESKY_UPSTREAM_BUDGET: 'many' })).toThrow(/^PERCH_BLUESKY_UPSTREAM_BUDGET must be/);
  });

  it('ignores the budget of a platform not served', () => {
    expect(readPlatformConfig({ PERCH_X_UPSTREAM_BUDGET: 'nonsense' }).x).toBeNull();
  });
});

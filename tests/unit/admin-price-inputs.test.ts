import { describe, expect, it } from 'vitest';
import { checkBelowCost } from '@/lib/admin/below-cost';
import { formatMoney, parseMoney } from '@/lib/admin/money';
import { readEffectiveFrom, readOperation, readPlatform, readWhole } from '@/lib/admin/price-inputs';

describe('money in millionths', () => {
  it('reads amounts with an optional currency, refusing negatives and sub-millionths', () => {
    expect(parseMoney('0.005')).toEqual({ micros: 5000, currency: null });
    expect(parseMoney(' 0.005 usd ')).toEqual({ micros: 5000, currency: 'USD' });
    expect(parseMoney('2')).toEqual({ micros: 2_000_000, currency: null });
    expect(parseMoney('.5')).toEqual({ micros: 500_000, currency: null });
    expect(parseMoney('-0.01')).toEqual({ error: expect.stringMatching(/negative/) });
    expect(parseMoney('0.0000001')).toEqual({ error: expect.stringMatching(/6 decimal places/) });
    expect(parseMoney('five')).toEqual({ error: expect.stringMatching(/enter an amount/) });
  });

  it('writes them back with 2 to 6 decimals', () => {
    expect(formatMoney(5000, 'USD')).toBe('0.005 USD');
    expect(formatMoney(1_000_000, 'EUR')).toBe('1.00 EUR');
    expect(formatMoney(1_234_567_890, 'USD')).toBe('1,234.56789 USD');
  });
});

describe('price fields', () => {
  it('reads platforms, priced operations and whole numbers', () => {
    expect(readPlatform('X')).toEqual({ value: 'x' });
    expect(readPlatform('all', { all: true })).toEqual({ value: null });
    expect(readPlatform('')).toEqual({ error: expect.stringMatching(/choose a platform/) });
    expect(readOperation('getUser')).toMatchObject({ value: { id: 'getUser' } });
    expect(readOperation('getAccount')).toEqual({ error: expect.stringMatching(/free/) });
    expect(readOperation('', { all: true })).toEqual({ value: null });
    expect(readWhole('-3', 'credits')).toEqual({ error: expect.stringMatching(/negative/) });
    expect(readWhole('', 'a minimum', { optional: true })).toEqual({ value: undefined });
    expect(readWhole('101', 'a discount', { max: 100 })).toEqual({ error: expect.stringMatching(/from 0 to 100/) });
  });

  it('takes effect now, on a later day (midnight UTC) or at a later time, never before', () => {
    const now = new Date('2026-11-27T08:00:00Z');
    expect(readEffectiveFrom('', now)).toEqual({ value: null });
    expect(readEffectiveFrom('2026-11-27', now)).toEqual({ value: null });
    expect(readEffectiveFrom('2026-12-01', now)).toEqual({ value: new Date('2026-12-01T00:00:00Z') });
    expect(readEffectiveFrom('2026-11-26', now)).toEqual({ error: expect.stringMatching(/today or later/) });
    expect(readEffectiveFrom('2026-11-27T07:00:00Z', now)).toEqual({ error: expect.stringMatching(/now or later/) });
    expect(readEffectiveFrom('soon', now)).toEqual({ error: expect.stringMatching(/enter a date/) });
  });
});

describe('below cost', () => {
  const cost = (perRequestMicros: number, perItemMicros: number) => ({ perRequestMicros, perItemMicros });

  it('flags a per-item price whose items, or whose one-item call, sell below their upstream cost', () => {
    // 18 credits at 0.001 = 0.018 a profile; X at 0.01 a profile: fine.
    expect(checkBelowCost({ per: 'item', credits: 18, minimum: 0 }, cost(0, 10_000), 1000)).toMatchObject({ status: 'ok', emptyAnswerLoss: false });
    // 5 credits = 0.005 < 0.01 a profile.
    expect(checkBelowCost({ per: 'item', credits: 5, minimum: 0 }, cost(0, 10_000), 1000)).toMatchObject({
      status: 'below-cost',
      reasons: ['each item sells below its upstream cost', 'a one-item call sells below its upstream cost'],
    });
    // Items pay, but one item does not cover the request; a minimum of 30 does.
    expect(checkBelowCost({ per: 'item', credits: 15, minimum: 0 }, cost(20_000, 5000), 1000)).toMatchObject({
      status: 'below-cost',
      reasons: ['a one-item call sells below its upstream cost'],
      emptyAnswerLoss: true,
    });
    expect(checkBelowCost({ per: 'item', credits: 15, minimum: 30 }, cost(20_000, 5000), 1000)).toMatchObject({ status: 'ok', emptyAnswerLoss: false });
  });

  it('flags a per-call price below one request and item; says nothing without a cost or a credit value', () => {
    expect(checkBelowCost({ per: 'call', credits: 100, minimum: 0 }, cost(150_000, 0), 1000)).toMatchObject({ status: 'below-cost', reasons: ['a call sells below its upstream cost'] });
    expect(checkBelowCost({ per: 'call', credits: 100, minimum: 0 }, null, 1000)).toEqual({ status: 'no-cost' });
    expect(checkBelowCost({ per: 'call', credits: 100, minimum: 0 }, cost(1, 1), null)).toEqual({ status: 'no-credit-value' });
  });
});

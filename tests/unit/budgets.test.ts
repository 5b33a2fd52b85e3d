import { describe, expect, it } from 'vitest';
import { budgetDetails, budgetMessage } from '@/lib/api/budget-message';
import { workspaceBudgetsSchema } from '@/lib/budgets/budget-schema';
import { isTimeZone } from '@/lib/budgets/time-zones';
import type { BudgetReached } from '@/lib/credits/types';

const refusal = (overrides: Partial<BudgetReached> = {}): BudgetReached => ({
  ok: false,
  reason: 'key_budget_reached',
  required: 300,
  period: 'day',
  budget: 5_000,
  spent: 4_900,
  held: 0,
  resetsAt: new Date('2026-06-11T04:00:00Z'),
  ...overrides,
});

describe('budget refusal messages', () => {
  it('name the cap, the period, what is left and when it resets', () => {
    expect(budgetMessage(refusal())).toBe(
      "this call needs up to 300 credits but this key's daily budget of 5,000 credits has 100 left (4,900 spent this day, 0 held by calls in flight): it resets at 2026-06-11T04:00:00.000Z, or raise the budget in the dashboard",
    );
    expect(budgetMessage(refusal({ reason: 'workspace_budget_reached', period: 'month', spent: 4_000, held: 1_000 }))).toBe(
      "this workspace's monthly budget of 5,000 credits is reached (4,000 spent this month, 1,000 held by calls in flight): it resets at 2026-06-11T04:00:00.000Z, or raise the budget in the dashboard",
    );
  });

  it('details are the contract fields only', () => {
    expect(budgetDetails(refusal())).toEqual({ period: 'day', budget: 5_000, spent: 4_900, resets_at: '2026-06-11T04:00:00.000Z' });
  });
});

describe('workspace budget settings', () => {
  it('takes budgets as numbers or text with separators, empty for none, and sorts unique percentages', () => {
    expect(workspaceBudgetsSchema.parse({ dailyBudget: '1,000', monthlyBudget: '', timeZone: 'Europe/Berlin', alertPercents: [100, 80, 80] })).toEqual({
      dailyBudget: 1_000,
      monthlyBudget: null,
      timeZone: 'Europe/Berlin',
      alertPercents: [80, 100],
    });
  });

  it('refuses unknown time zones, fractions, negative budgets and percentages outside 1..100', () => {
    const base = { dailyBudget: null, monthlyBudget: null, timeZone: 'UTC', alertPercents: [] };
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    for (const bad of [{ timeZone: 'Mars/Olympus_Mons' }, { dailyBudget: '1.5' }, { monthlyBudget: -1 }, { alertPercents: [101] }, { alertPercents: [0] }, { extra: 1 }]) {
      expect(workspaceBudgetsSchema.safeParse({ ...base, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

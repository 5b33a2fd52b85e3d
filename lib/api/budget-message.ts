import type { BudgetReached } from '@/lib/credits/types';

const n = (value: number) => value.toLocaleString('en-US');

/**
 * The key_budget_reached / workspace_budget_reached message: whose budget, which period, what is
 * spent and held, and when it resets (details carry the same figures for programs).
 */
export function budgetMessage(refusal: BudgetReached): string {
  const whose = refusal.reason === 'key_budget_reached' ? "this key's" : "this workspace's";
  const cap = `${whose} ${refusal.period === 'day' ? 'daily' : 'monthly'} budget of ${n(refusal.budget)} credits`;
  const state = `${n(refusal.spent)} spent this ${refusal.period}, ${n(refusal.held)} held by calls in flight`;
  const left = Math.max(0, refusal.budget - refusal.spent - refusal.held);
  const reached = left === 0 ? `${cap} is reached` : `this call needs up to ${n(refusal.required)} credits but ${cap} has ${n(left)} left`;
  return `${reached} (${state}): it resets at ${refusal.resetsAt.toISOString()}, or raise the budget in the dashboard`;
}

/** The refusal's details, as the API contract lists them. */
export function budgetDetails(refusal: BudgetReached): Record<string, unknown> {
  return { period: refusal.period, budget: refusal.budget, spent: refusal.spent, resets_at: refusal.resetsAt.toISOString() };
}

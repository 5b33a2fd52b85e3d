import { getPool } from '@/lib/db/pool';
import type { Queryable } from '@/lib/db/queryable';
import { getServedPlatforms } from '@/lib/platform/served-platforms';
import { windowStartOf, type BudgetedPlatform } from '@/lib/platform/upstream-budget';
import { describeBudget, type UpstreamBudgetSettings } from '@/lib/platform/upstream-budget-settings';

// What /admin shows of the upstream request budgets (lib/platform/upstream-budget.ts): for each
// served upstream platform, the current window's claimed requests against the limit, when it
// resets and the calls it answered 429. One indexed row read per platform.

export type UpstreamBudgetGauge = {
  platform: BudgetedPlatform;
  /** The setting that configures it, for the "no budget" line. */
  setting: string;
  /** Null: the platform is served with no budget. */
  budget: null | {
    summary: string;
    limit: number;
    /** Requests claimed by instances this window (spent, or held by an instance to spend: at most 9 each). */
    used: number;
    /** Calls answered 429 this window because it was spent (counted within a second). */
    refused: number;
    windowStart: string;
    resetsAt: string;
    resetsInSeconds: number;
  };
};

export const BUDGET_SETTINGS: Record<BudgetedPlatform, string> = { x: 'PERCH_X_UPSTREAM_BUDGET', bluesky: 'PERCH_BLUESKY_UPSTREAM_BUDGET' };

export type BudgetSource = { platform: BudgetedPlatform; budget: UpstreamBudgetSettings | null };

/** The budgets of the platforms this deployment serves (none for the embedded platform). */
export function servedBudgets(): BudgetSource[] {
  const served = getServedPlatforms();
  const sources: BudgetSource[] = [];
  if (served.x) sources.push({ platform: 'x', budget: served.x.requestBudget ?? null });
  if (served.bluesky) sources.push({ platform: 'bluesky', budget: served.bluesky.requestBudget ?? null });
  return sources;
}

/** A gauge per served upstream platform, for the current window at `now`. */
export async function loadUpstreamBudgetGauges({ sources = servedBudgets(), now = Date.now(), db = getPool() }: { sources?: BudgetSource[]; now?: number; db?: Queryable } = {}): Promise<UpstreamBudgetGauge[]> {
  return Promise.all(
    sources.map(async ({ platform, budget }): Promise<UpstreamBudgetGauge> => {
      const setting = BUDGET_SETTINGS[platform];
      if (!budget) return { platform, setting, budget: null };
      const start = windowStartOf(now, budget.windowSeconds);
      const end = start + budget.windowSeconds * 1000;
      const { rows } = await db.query<{ used: number; refused: number }>(
        'SELECT used, refused FROM upstream_budgets WHERE platform = $1 AND window_seconds = $2 AND window_start = $3',
        [platform, budget.windowSeconds, new Date(start)],
      );
      return {
        platform,
        setting,
        budget: {
          summary: describeBudget(budget),
          limit: budget.requests,
          used: Math.min(rows[0]?.used ?? 0, budget.requests),
          refused: rows[0]?.refused ?? 0,
          windowStart: new Date(start).toISOString(),
          resetsAt: new Date(end).toISOString(),
          resetsInSeconds: Math.max(0, Math.ceil((end - now) / 1000)),
        },
      };
    }),
  );
}

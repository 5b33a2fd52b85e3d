import { getPool } from '@/lib/db/pool';
import { toCredits } from '@/lib/credits/credit-amount';
import { budgetClock } from './budget-clock';
import type { PeriodSpend } from './workspace-budgets';

export type KeyBudgets = { day: PeriodSpend; month: PeriodSpend };

// The key's periods are its workspace's (same time zone); a counter of an older period reads 0.
const READ_SQL = `
  WITH c AS (SELECT coalesce($2::timestamptz, now()) AS at)
  SELECT k.id, k.daily_budget, k.monthly_budget,
         CASE WHEN k.day_start = perch_period_start('day', w.time_zone, c.at) THEN k.day_spent ELSE 0 END AS day_spent,
         CASE WHEN k.month_start = perch_period_start('month', w.time_zone, c.at) THEN k.month_spent ELSE 0 END AS month_spent,
         perch_period_end('day', w.time_zone, c.at) AS day_ends, perch_period_end('month', w.time_zone, c.at) AS month_ends
  FROM api_keys k JOIN workspaces w ON w.id = k.user_id CROSS JOIN c
  WHERE k.user_id = $1 AND k.id = ANY($3::text[])`;

type Row = { id: string; daily_budget: string | null; monthly_budget: string | null; day_spent: string; month_spent: string; day_ends: Date; month_ends: Date };

/** Budgets of these keys of a workspace, with their spend this day and month and when each resets. */
export async function getKeyBudgets(workspaceId: string, keyIds: string[]): Promise<Map<string, KeyBudgets>> {
  if (keyIds.length === 0) return new Map();
  const { rows } = await getPool().query<Row>(READ_SQL, [workspaceId, budgetClock(), keyIds]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        day: { budget: row.daily_budget === null ? null : toCredits(row.daily_budget), spent: toCredits(row.day_spent), resetsAt: row.day_ends.toISOString() },
        month: { budget: row.monthly_budget === null ? null : toCredits(row.monthly_budget), spent: toCredits(row.month_spent), resetsAt: row.month_ends.toISOString() },
      },
    ]),
  );
}

/** Sets a key's budgets (undefined leaves one as it is, null removes it); false when the key is not the workspace's. */
export async function setKeyBudgets(workspaceId: string, keyId: string, budgets: { dailyBudget?: number | null; monthlyBudget?: number | null }): Promise<boolean> {
  const { rowCount } = await getPool().query(
    `UPDATE api_keys SET daily_budget = CASE WHEN $3 THEN $4::bigint ELSE daily_budget END, monthly_budget = CASE WHEN $5 THEN $6::bigint ELSE monthly_budget END
     WHERE id = $2 AND user_id = $1`,
    [workspaceId, keyId, budgets.dailyBudget !== undefined, budgets.dailyBudget ?? null, budgets.monthlyBudget !== undefined, budgets.monthlyBudget ?? null],
  );
  return (rowCount ?? 0) > 0;
}

import { getPool } from '@/lib/db/pool';
import { toCredits } from '@/lib/credits/credit-amount';
import { budgetClock } from './budget-clock';

/** One budget's state in its current period. */
export type PeriodSpend = { budget: number | null; spent: number; resetsAt: string };

export type WorkspaceBudgets = {
  timeZone: string;
  alertPercents: number[];
  day: PeriodSpend;
  month: PeriodSpend;
};

// Spend of the current period: a counter of an older period reads 0 (the migration explains).
const READ_SQL = `
  WITH c AS (SELECT coalesce($2::timestamptz, now()) AS at)
  SELECT w.time_zone, w.budget_alert_percents AS percents, w.daily_budget, w.monthly_budget,
         CASE WHEN b.day_start = perch_period_start('day', w.time_zone, c.at) THEN b.day_spent ELSE 0 END AS day_spent,
         CASE WHEN b.month_start = perch_period_start('month', w.time_zone, c.at) THEN b.month_spent ELSE 0 END AS month_spent,
         perch_period_end('day', w.time_zone, c.at) AS day_ends, perch_period_end('month', w.time_zone, c.at) AS month_ends
  FROM workspaces w CROSS JOIN c LEFT JOIN credit_balances b ON b.user_id = w.id
  WHERE w.id = $1`;

type Row = {
  time_zone: string;
  percents: number[];
  daily_budget: string | null;
  monthly_budget: string | null;
  day_spent: string | null;
  month_spent: string | null;
  day_ends: Date;
  month_ends: Date;
};

const budgetOf = (value: string | null) => (value === null ? null : toCredits(value));

/** The workspace's budgets with what it spent this day and month, and when each resets. */
export async function getWorkspaceBudgets(workspaceId: string): Promise<WorkspaceBudgets | null> {
  const { rows } = await getPool().query<Row>(READ_SQL, [workspaceId, budgetClock()]);
  const row = rows[0];
  if (!row) return null;
  return {
    timeZone: row.time_zone,
    alertPercents: row.percents,
    day: { budget: budgetOf(row.daily_budget), spent: toCredits(row.day_spent), resetsAt: row.day_ends.toISOString() },
    month: { budget: budgetOf(row.monthly_budget), spent: toCredits(row.month_spent), resetsAt: row.month_ends.toISOString() },
  };
}

export type WorkspaceBudgetSettings = { dailyBudget: number | null; monthlyBudget: number | null; timeZone: string; alertPercents: number[] };

/** Stores the workspace's budgets; returns the settings before and after (for the audit log). */
export async function setWorkspaceBudgets(workspaceId: string, settings: WorkspaceBudgetSettings): Promise<{ before: WorkspaceBudgetSettings; after: WorkspaceBudgetSettings } | null> {
  const { rows } = await getPool().query<{ before: WorkspaceBudgetSettings }>(
    `WITH old AS (SELECT daily_budget, monthly_budget, time_zone, budget_alert_percents FROM workspaces WHERE id = $1 FOR UPDATE)
     UPDATE workspaces w SET daily_budget = $2, monthly_budget = $3, time_zone = $4, budget_alert_percents = $5::int[]
     FROM old WHERE w.id = $1
     RETURNING json_build_object('dailyBudget', old.daily_budget, 'monthlyBudget', old.monthly_budget, 'timeZone', old.time_zone, 'alertPercents', old.budget_alert_percents) AS before`,
    [workspaceId, settings.dailyBudget, settings.monthlyBudget, settings.timeZone, settings.alertPercents],
  );
  if (!rows[0]) return null;
  return { before: rows[0].before, after: settings };
}

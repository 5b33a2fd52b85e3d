import { getPool } from '@/lib/db/pool';
import { toCredits } from '@/lib/credits/credit-amount';
import { notifyAccountEvents, storeAccountEventsCtes } from '@/lib/delivery/event-store';
import { runReportedLoop } from '@/lib/health/run-reported-loop';
import { sendMail } from '@/lib/mail/send-mail';
import { budgetClock } from './budget-clock';
import { resumeAfterBudgetReset } from './resume-after-reset';

export const BUDGET_THRESHOLD_EVENT = 'budget.threshold';

/** The budget watcher's name in /api/health. */
export const BUDGET_ALERT_LOOP = 'budget_alerts';

// Every budget (the workspace's and its keys', day and month) against each of the workspace's
// alert percentages, in the current period at the budget clock $1. Spend is what is written:
// calls served from a lease count once flushed (within the flush interval).
// The claim is the INSERT into budget_alerts: its primary key (scope, period, period start,
// percent) lets one instance, once, send each alert; the same statement stores the event (GET
// /v2/events) and queues one signed delivery of it per active endpoint taking budget.threshold
// (as account.balance_low does), so a claim never exists without them.
const CLAIM_SQL = `
  WITH c AS (SELECT coalesce($1::timestamptz, now()) AS at),
  scopes AS (
    SELECT w.id AS workspace_id, '' AS key_id, NULL::text AS key_name, p.period,
           CASE p.period WHEN 'day' THEN w.daily_budget ELSE w.monthly_budget END AS budget,
           CASE p.period WHEN 'day' THEN CASE WHEN b.day_start = perch_period_start('day', w.time_zone, c.at) THEN b.day_spent ELSE 0 END
                         ELSE CASE WHEN b.month_start = perch_period_start('month', w.time_zone, c.at) THEN b.month_spent ELSE 0 END END AS spent,
           perch_period_start(p.period, w.time_zone, c.at) AS period_start, perch_period_end(p.period, w.time_zone, c.at) AS resets_at,
           w.budget_alert_percents AS percents
    FROM workspaces w JOIN credit_balances b ON b.user_id = w.id CROSS JOIN c CROSS JOIN (VALUES ('day'), ('month')) p(period)
    WHERE w.deleted_at IS NULL AND (w.daily_budget IS NOT NULL OR w.monthly_budget IS NOT NULL)
    UNION ALL
    SELECT k.user_id, k.id, k.name, p.period,
           CASE p.period WHEN 'day' THEN k.daily_budget ELSE k.monthly_budget END,
           CASE p.period WHEN 'day' THEN CASE WHEN k.day_start = perch_period_start('day', w.time_zone, c.at) THEN k.day_spent ELSE 0 END
                         ELSE CASE WHEN k.month_start = perch_period_start('month', w.time_zone, c.at) THEN k.month_spent ELSE 0 END END,
           perch_period_start(p.period, w.time_zone, c.at), perch_period_end(p.period, w.time_zone, c.at),
           w.budget_alert_percents
    FROM api_keys k JOIN workspaces w ON w.id = k.user_id CROSS JOIN c CROSS JOIN (VALUES ('day'), ('month')) p(period)
    WHERE k.revoked_at IS NULL AND w.deleted_at IS NULL AND (k.daily_budget IS NOT NULL OR k.monthly_budget IS NOT NULL)
  ), crossed AS (
    SELECT s.*, pct.percent FROM scopes s CROSS JOIN unnest(s.percents) AS pct(percent)
    WHERE s.budget > 0 AND s.spent * 100 >= s.budget * pct.percent
  ), claimed AS MATERIALIZED (
    INSERT INTO budget_alerts (workspace_id, key_id, period, period_start, percent, budget, spent, resets_at)
    SELECT workspace_id, key_id, period, period_start, percent, budget, spent, resets_at FROM crossed
    ON CONFLICT DO NOTHING
    RETURNING workspace_id, key_id, period, percent, budget, spent, resets_at
  ), ${storeAccountEventsCtes('claimed a', {
    userId: 'a.workspace_id',
    event: `'${BUDGET_THRESHOLD_EVENT}'`,
    data: `jsonb_build_object(
             'scope', CASE WHEN a.key_id = '' THEN 'workspace' ELSE 'key' END, 'key_id', nullif(a.key_id, ''), 'period', a.period,
             'percent', a.percent, 'budget', a.budget, 'spent', a.spent, 'resets_at', to_char(a.resets_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
  })}
  SELECT a.workspace_id, a.key_id, (SELECT name FROM api_keys WHERE id = a.key_id) AS key_name, w.name AS workspace_name,
         a.period, a.percent, a.budget::text, a.spent::text, a.resets_at, (SELECT count(*) FROM event_turns)::int AS woken
  FROM claimed a JOIN workspaces w ON w.id = a.workspace_id`;

// Who hears of a budget by mail: the workspace's owners and billing members.
const RECIPIENTS_SQL = `
  SELECT DISTINCT u.email FROM workspace_members m JOIN users u ON u.id = m.user_id
  WHERE m.workspace_id = $1 AND m.role IN ('owner', 'billing') AND u.email IS NOT NULL AND u.deleted_at IS NULL
  ORDER BY u.email`;

export type BudgetAlert = {
  workspaceId: string;
  workspaceName: string;
  scope: 'key' | 'workspace';
  keyId: string | null;
  keyName: string | null;
  period: 'day' | 'month';
  percent: number;
  budget: number;
  spent: number;
  resetsAt: Date;
};

type ClaimRow = {
  workspace_id: string;
  key_id: string;
  key_name: string | null;
  workspace_name: string;
  period: 'day' | 'month';
  percent: number;
  budget: string;
  spent: string;
  resets_at: Date;
};

function alertMail(alert: BudgetAlert): { subject: string; text: string } {
  const whose = alert.scope === 'key' ? `The key "${alert.keyName}" in workspace "${alert.workspaceName}"` : `Workspace "${alert.workspaceName}"`;
  const cap = `${alert.period === 'day' ? 'daily' : 'monthly'} budget`;
  const n = (value: number) => value.toLocaleString('en-US');
  return {
    subject: `Perch: ${alert.scope === 'key' ? `key "${alert.keyName}"` : `workspace "${alert.workspaceName}"`} used ${alert.percent}% of its ${cap}`,
    text: [
      `${whose} has spent ${n(alert.spent)} of its ${cap} of ${n(alert.budget)} credits (${alert.percent}% or more).`,
      alert.percent >= 100 ? 'Paid calls are refused (402) until the budget resets.' : 'Paid calls are refused (402) once the budget is reached.',
      `The budget resets at ${alert.resetsAt.toISOString()}.`,
      '',
      'Budgets and alert percentages are on the Billing page (workspace budgets) and in each key\'s settings.',
    ].join('\n'),
  };
}

/**
 * One pass: every budget whose spend in the current period reached one of its workspace's alert
 * percentages gets one budget.threshold delivery per active endpoint and one mail to each owner and
 * billing member, once per budget, period and percentage. Safe to run on every instance at once.
 */
export async function checkBudgetAlerts(): Promise<BudgetAlert[]> {
  const pool = getPool();
  const { rows } = await pool.query<ClaimRow>(CLAIM_SQL, [budgetClock()]);
  const alerts: BudgetAlert[] = rows.map((row) => ({
    workspaceId: row.workspace_id,
    workspaceName: row.workspace_name,
    scope: row.key_id === '' ? 'workspace' : 'key',
    keyId: row.key_id === '' ? null : row.key_id,
    keyName: row.key_name,
    period: row.period,
    percent: row.percent,
    budget: toCredits(row.budget),
    spent: toCredits(row.spent),
    resetsAt: row.resets_at,
  }));
  await notifyAccountEvents(pool, alerts.map((alert) => alert.workspaceId));
  for (const alert of alerts) {
    const { rows: recipients } = await pool.query<{ email: string }>(RECIPIENTS_SQL, [alert.workspaceId]);
    const mail = alertMail(alert);
    for (const { email } of recipients) await sendMail({ to: email, ...mail });
  }
  return alerts;
}

/** How often budgets are compared with their alert percentages (PERCH_BUDGET_CHECK_MS). */
export function budgetCheckInterval(): number {
  return Number(process.env.PERCH_BUDGET_CHECK_MS ?? 5_000);
}

/**
 * Every interval until stopped, reporting to /api/health: checkBudgetAlerts, and the match
 * deliveries that waited for a budget are woken once one match (`matchPrice()`, the price in
 * force at each pass) fits again.
 */
export function startBudgetWatcher(matchPrice: () => Promise<number>, intervalMs = budgetCheckInterval()): () => Promise<void> {
  return runReportedLoop({
    name: BUDGET_ALERT_LOOP,
    pass: async () => {
      await checkBudgetAlerts();
      await resumeAfterBudgetReset(await matchPrice());
    },
    intervalMs,
    log: { tag: 'budgets', recovered: 'budget alert checks work again', failed: 'budget alert check failed' },
  });
}

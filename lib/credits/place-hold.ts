import { getMeterPool } from '@/lib/db/pool';
import { assertCredits, toCredits } from './credit-amount';
import { budgetClock } from '@/lib/budgets/budget-clock';
import type { BudgetReached, PlaceHoldInput, PlaceHoldResult } from './types';

// One statement decides and applies the hold, so nothing between a check and a write can race.
// - `bal` locks the account's balance row and, being FOR UPDATE under READ COMMITTED, reads
//   its newest committed value rather than the statement's snapshot.
// - `key_row` locks the key's row the same way, and only after `bal` (its EXISTS forces the
//   order): every statement that touches both rows takes the balance first, so two can't deadlock.
//   Credits leased by instances (lib/metering) count against the key's limit like open holds.
// - `verdict` judges balance and key limit on those locked, current values; both UPDATEs obey
//   the same verdict, so either both the balance debit and the key's credits_held increment
//   happen, or neither. Their own WHERE clauses test no amounts: a stale snapshot value must
//   not veto what the locked read allowed. PostgreSQL still computes each new row from the
//   snapshot's version first and redoes it on the current one, which is why credit_balances
//   carries no CHECK (balance >= 0): see migration 20261122000300.
//   Budgets (docs/budgets.md) are judged the same way: the key's daily and monthly spend on its
//   locked row, the workspace's on the locked balance row, each with what is in flight (the key's
//   held + leased, the workspace's `reserved`) counted against the current period. The period is
//   the workspace's local day or month at $5 (the budget clock; the database's now() when null).
const PLACE_HOLD_SQL = `
  WITH bal AS MATERIALIZED (
    SELECT balance, reserved, day_start, day_spent, month_start, month_spent FROM credit_balances WHERE user_id = $1 FOR UPDATE
  ), ws AS MATERIALIZED (
    SELECT w.daily_budget, w.monthly_budget,
           perch_period_start('day', w.time_zone, c.at) AS day, perch_period_start('month', w.time_zone, c.at) AS month,
           perch_period_end('day', w.time_zone, c.at) AS day_ends, perch_period_end('month', w.time_zone, c.at) AS month_ends
    FROM workspaces w CROSS JOIN (SELECT coalesce($5::timestamptz, now()) AS at) c WHERE w.id = $1
  ), key_row AS MATERIALIZED (
    SELECT credit_limit, credits_spent, credits_held + credits_leased AS credits_held, daily_budget, monthly_budget,
           CASE WHEN day_start = (SELECT day FROM ws) THEN day_spent ELSE 0 END AS day_spent,
           CASE WHEN month_start = (SELECT month FROM ws) THEN month_spent ELSE 0 END AS month_spent
    FROM api_keys
    WHERE id = $2::text AND user_id = $1 AND EXISTS (SELECT 1 FROM bal)
    FOR UPDATE
  ), ws_spend AS MATERIALIZED (
    SELECT w.daily_budget, w.monthly_budget, b.reserved,
           CASE WHEN b.day_start = w.day THEN b.day_spent ELSE 0 END AS day_spent,
           CASE WHEN b.month_start = w.month THEN b.month_spent ELSE 0 END AS month_spent
    FROM bal b CROSS JOIN ws w
  ), verdict AS MATERIALIZED (
    SELECT
      coalesce((SELECT balance FROM bal), 0) AS balance,
      coalesce((SELECT balance >= $3::bigint FROM bal), false) AS balance_ok,
      $2::text IS NULL OR EXISTS (SELECT 1 FROM key_row) AS key_found,
      $2::text IS NULL OR EXISTS (
        SELECT 1 FROM key_row k
        WHERE k.credit_limit IS NULL OR k.credits_spent + k.credits_held + $3::bigint <= k.credit_limit
      ) AS key_ok,
      CASE
        WHEN EXISTS (SELECT 1 FROM key_row k WHERE k.day_spent + k.credits_held + $3::bigint > k.daily_budget) THEN 'key_day'
        WHEN EXISTS (SELECT 1 FROM key_row k WHERE k.month_spent + k.credits_held + $3::bigint > k.monthly_budget) THEN 'key_month'
        WHEN EXISTS (SELECT 1 FROM ws_spend s WHERE s.day_spent + s.reserved + $3::bigint > s.daily_budget) THEN 'workspace_day'
        WHEN EXISTS (SELECT 1 FROM ws_spend s WHERE s.month_spent + s.reserved + $3::bigint > s.monthly_budget) THEN 'workspace_month'
      END AS budget_refusal
  ), allowed AS MATERIALIZED (
    SELECT balance_ok AND key_ok AND budget_refusal IS NULL AS ok FROM verdict
  ), key_hold AS (
    UPDATE api_keys SET credits_held = credits_held + $3::bigint
    WHERE id = $2::text AND (SELECT ok FROM allowed)
    RETURNING id
  ), debit AS (
    UPDATE credit_balances SET balance = balance - $3::bigint, reserved = reserved + $3::bigint, updated_at = now()
    WHERE user_id = $1 AND (SELECT ok FROM allowed)
    RETURNING balance
  ), hold AS (
    INSERT INTO credit_holds (user_id, key_id, request_id, amount)
    SELECT $1, $2::text, $4, $3::bigint FROM debit
    RETURNING id
  )
  SELECT (SELECT id FROM hold)::text AS hold_id, (SELECT balance FROM debit) AS balance_after,
         v.balance, v.balance_ok, v.key_found, v.key_ok, k.credit_limit, k.credits_spent, k.credits_held,
         v.budget_refusal, k.daily_budget AS key_daily_budget, k.monthly_budget AS key_monthly_budget,
         k.day_spent AS key_day_spent, k.month_spent AS key_month_spent,
         s.daily_budget AS ws_daily_budget, s.monthly_budget AS ws_monthly_budget, s.day_spent AS ws_day_spent,
         s.month_spent AS ws_month_spent, s.reserved AS ws_reserved, w.day_ends, w.month_ends
  FROM verdict v LEFT JOIN key_row k ON true LEFT JOIN ws_spend s ON true LEFT JOIN ws w ON true`;

const ENSURE_BALANCE_SQL = 'INSERT INTO credit_balances (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING';

type PlaceHoldRow = {
  hold_id: string | null;
  balance_after: string | null;
  balance: string;
  balance_ok: boolean;
  key_found: boolean;
  key_ok: boolean;
  credit_limit: string | null;
  credits_spent: string | null;
  credits_held: string | null;
  budget_refusal: 'key_day' | 'key_month' | 'workspace_day' | 'workspace_month' | null;
  key_daily_budget: string | null;
  key_monthly_budget: string | null;
  key_day_spent: string | null;
  key_month_spent: string | null;
  ws_daily_budget: string | null;
  ws_monthly_budget: string | null;
  ws_day_spent: string | null;
  ws_month_spent: string | null;
  ws_reserved: string | null;
  day_ends: Date | null;
  month_ends: Date | null;
};

async function tryPlaceHold({ userId, keyId, requestId, amount }: PlaceHoldInput): Promise<PlaceHoldRow> {
  const { rows } = await getMeterPool().query<PlaceHoldRow>({ name: 'perch_credits_place_hold', text: PLACE_HOLD_SQL, values: [userId, keyId, amount, requestId, budgetClock()] });
  return rows[0];
}

/**
 * Reserves `amount` credits for one call, or says why not: the balance cannot cover it
 * (checked first), the key's own spending limit (spent + open holds + amount) would pass, or
 * a daily or monthly budget of the key, then of its workspace, would (docs/budgets.md).
 */
export async function placeHold(input: PlaceHoldInput): Promise<PlaceHoldResult> {
  const { userId, keyId, amount } = input;
  assertCredits('amount', amount);
  let row = await tryPlaceHold(input);
  if (row.hold_id === null && !row.balance_ok && amount === 0) {
    // Holds hang off the balance row. An account that was never granted anything has none,
    // and only a free call can get this far without one: create it (balance 0) and retry.
    await getMeterPool().query({ name: 'perch_credits_ensure_balance', text: ENSURE_BALANCE_SQL, values: [userId] });
    row = await tryPlaceHold(input);
  }
  if (row.hold_id !== null) return { ok: true, holdId: row.hold_id, balance: toCredits(row.balance_after) };
  if (!row.balance_ok) return { ok: false, reason: 'insufficient_credits', required: amount, balance: toCredits(row.balance) };
  if (!row.key_found) throw new Error(`placeHold: key ${keyId} does not exist or is not user ${userId}'s`);
  if (row.budget_refusal !== null && row.key_ok) return budgetReached(row, amount);
  return {
    ok: false,
    reason: 'key_limit_reached',
    required: amount,
    creditLimit: toCredits(row.credit_limit),
    creditsSpent: toCredits(row.credits_spent),
    creditsHeld: toCredits(row.credits_held),
  };
}

/** The refusal of the first budget that cannot take the call, with its figures. */
function budgetReached(row: PlaceHoldRow, required: number): BudgetReached {
  const key = row.budget_refusal === 'key_day' || row.budget_refusal === 'key_month';
  const period = row.budget_refusal === 'key_day' || row.budget_refusal === 'workspace_day' ? 'day' : 'month';
  const day = period === 'day';
  const budget = key ? (day ? row.key_daily_budget : row.key_monthly_budget) : day ? row.ws_daily_budget : row.ws_monthly_budget;
  const spent = key ? (day ? row.key_day_spent : row.key_month_spent) : day ? row.ws_day_spent : row.ws_month_spent;
  return {
    ok: false,
    reason: key ? 'key_budget_reached' : 'workspace_budget_reached',
    required,
    period,
    budget: toCredits(budget),
    spent: toCredits(spent),
    held: toCredits(key ? row.credits_held : row.ws_reserved),
    resetsAt: (day ? row.day_ends : row.month_ends)!,
  };
}

import { getPool } from '@/lib/db/pool';
import { wakeEndpointSql } from '@/lib/delivery/wake-endpoint';
import { budgetClock } from './budget-clock';

// A match delivery refused for a budget waits as `awaiting_credits` (deliver-webhook.ts), as one
// refused for the balance does; a grant wakes those (credit-pauses.ts), but a budget frees room by
// itself when its period ends. This wakes the waiting deliveries of workspaces and keys with a
// budget once one match ($2 credits) fits in the balance, the key's limit and every budget again
// (at the budget clock $1). A delivery that still cannot pay goes back to waiting.
const RESUME_SQL = `
  WITH c AS (SELECT coalesce($1::timestamptz, now()) AS at),
  waiting AS (
    SELECT d.id, d.endpoint_id, e.user_id, m.key_id
    FROM realtime_deliveries d JOIN realtime_endpoints e ON e.id = d.endpoint_id
    LEFT JOIN realtime_matches m ON m.id = d.match_id
    WHERE d.status = 'awaiting_credits'
  ), room AS (
    SELECT x.id, x.endpoint_id
    FROM waiting x JOIN workspaces w ON w.id = x.user_id JOIN credit_balances b ON b.user_id = w.id
    LEFT JOIN api_keys k ON k.id = x.key_id CROSS JOIN c
    WHERE (w.daily_budget IS NOT NULL OR w.monthly_budget IS NOT NULL OR k.daily_budget IS NOT NULL OR k.monthly_budget IS NOT NULL)
      AND b.balance >= $2::bigint
      AND coalesce(k.credits_spent + k.credits_held + k.credits_leased + $2::bigint <= k.credit_limit, true)
      AND coalesce(CASE WHEN b.day_start = perch_period_start('day', w.time_zone, c.at) THEN b.day_spent ELSE 0 END + b.reserved + $2::bigint <= w.daily_budget, true)
      AND coalesce(CASE WHEN b.month_start = perch_period_start('month', w.time_zone, c.at) THEN b.month_spent ELSE 0 END + b.reserved + $2::bigint <= w.monthly_budget, true)
      AND coalesce(CASE WHEN k.day_start = perch_period_start('day', w.time_zone, c.at) THEN k.day_spent ELSE 0 END + k.credits_held + k.credits_leased + $2::bigint <= k.daily_budget, true)
      AND coalesce(CASE WHEN k.month_start = perch_period_start('month', w.time_zone, c.at) THEN k.month_spent ELSE 0 END + k.credits_held + k.credits_leased + $2::bigint <= k.monthly_budget, true)
  ), resumed AS (
    UPDATE realtime_deliveries d SET status = 'pending' FROM room r WHERE d.id = r.id AND d.status = 'awaiting_credits'
    RETURNING d.endpoint_id
  ), woken AS (
    SELECT ${wakeEndpointSql('r.endpoint_id')} FROM (SELECT DISTINCT endpoint_id FROM resumed) r
  )
  SELECT (SELECT count(*) FROM resumed)::int AS resumed, (SELECT count(*) FROM woken)::int AS woken`;

/** Wakes match deliveries that waited for a budget and fit again; returns how many. */
export async function resumeAfterBudgetReset(matchPrice: number): Promise<number> {
  const { rows } = await getPool().query<{ resumed: number }>(RESUME_SQL, [budgetClock(), matchPrice]);
  return rows[0].resumed;
}

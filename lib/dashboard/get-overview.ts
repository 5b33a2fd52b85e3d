import { getPool } from '@/lib/db/pool';
import { writeAnsweredUsage } from '@/lib/metering/write-answered-usage';
import { lastDays } from './days';
import { pivotSeries, type DailySeries } from './pivot-series';
import { errorsCountSql } from '@/lib/usage/not-failures';

export type Overview = {
  balance: number;
  creditsToday: number;
  credits7d: number;
  credits30d: number;
  requests30d: number;
  errors30d: number;
  /** Errors / requests over the last 30 days, 0..1; 0 without requests. */
  errorRate30d: number;
  /** Credits per day by operation tag, the last 30 UTC days. */
  creditsByTag: DailySeries;
  grants: Array<{ amount: number; reason: string; createdAt: string }>;
};

// usage_daily files calls under the UTC day (see settleHold), so "today" is the UTC date too.
const TOTALS_SQL = `
  WITH today AS (SELECT (now() AT TIME ZONE 'UTC')::date AS d)
  SELECT
    (coalesce((SELECT balance FROM credit_balances WHERE user_id = $1), 0)
      + coalesce((SELECT sum(amount) FROM credit_leases WHERE user_id = $1), 0))::text AS balance,
    coalesce(sum(u.credits) FILTER (WHERE u.day = t.d), 0)::text AS today,
    coalesce(sum(u.credits) FILTER (WHERE u.day > t.d - 7), 0)::text AS d7,
    coalesce(sum(u.credits), 0)::text AS d30,
    coalesce(sum(u.calls), 0)::text AS calls,
    coalesce(sum(u.errors) FILTER (WHERE ${errorsCountSql('u.operation')}), 0)::text AS errors
  FROM today t LEFT JOIN usage_daily u ON u.user_id = $1 AND u.day > t.d - 30`;

const BY_TAG_SQL = `
  SELECT day::text AS day, tag, sum(credits)::text AS credits
  FROM usage_daily
  WHERE user_id = $1 AND day > (now() AT TIME ZONE 'UTC')::date - 30
  GROUP BY day, tag`;

const GRANTS_SQL = `SELECT amount::text, reason, created_at FROM credit_grants WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 3`;

type TotalsRow = { balance: string; today: string; d7: string; d30: string; calls: string; errors: string };

/** The overview page's figures for one account. */
export async function getOverview(userId: string, now: Date = new Date()): Promise<Overview> {
  // Usage is written behind (lib/metering): what this server answered is written first.
  await writeAnsweredUsage();
  const pool = getPool();
  const [totals, byTag, grants] = await Promise.all([
    pool.query<TotalsRow>(TOTALS_SQL, [userId]),
    pool.query<{ day: string; tag: string; credits: string }>(BY_TAG_SQL, [userId]),
    pool.query<{ amount: string; reason: string; created_at: Date }>(GRANTS_SQL, [userId]),
  ]);
  const t = totals.rows[0];
  const requests = Number(t.calls);
  const errors = Number(t.errors);
  return {
    balance: Number(t.balance),
    creditsToday: Number(t.today),
    credits7d: Number(t.d7),
    credits30d: Number(t.d30),
    requests30d: requests,
    errors30d: errors,
    errorRate30d: requests === 0 ? 0 : errors / requests,
    creditsByTag: pivotSeries(
      byTag.rows.map((r) => ({ day: r.day, series: r.tag, value: Number(r.credits) })),
      lastDays(30, now),
    ),
    grants: grants.rows.map((g) => ({ amount: Number(g.amount), reason: g.reason, createdAt: g.created_at.toISOString() })),
  };
}

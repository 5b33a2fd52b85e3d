import { getPool } from '@/lib/db/pool';
import { writeAnsweredUsage } from '@/lib/metering/write-answered-usage';
import { MARGIN_SUMS_SQL, marginFigures, NO_MARGIN_SUMS, type MarginFigures, type MarginSums } from './margin-figures';
import { MarginFilterError, rangeDays, type MarginFilters } from './margin-filters';

// The operator's margin from the daily rollup (usage_daily): credits sold, their money value,
// what the calls cost upstream and what is left, per day, platform, operation and workspace.
// Upstream cost was priced when each call was made (usage_daily.upstream_cost_micros); credits
// are valued at the credit value in force on their day. The rollup has no time of day, so a
// day's credits take the value in force at the day's end (now, for today): a value set at noon
// values the whole day's credits.

export const DEFAULT_TOP_ACCOUNTS = 20;

export type CreditValueNow = { microsPerCredit: number; currency: string; effectiveFrom: string };

export type MarginAccount = MarginFigures & { workspaceId: string; slug: string | null; name: string | null; deleted: boolean };

export type MarginReport = {
  filters: MarginFilters;
  /** The workspace filtered on, when one was. */
  workspace: { id: string; slug: string; name: string } | null;
  /** Every day of the range, oldest first. */
  days: string[];
  /** The credit value in force now, null when the operator never set one. */
  creditValue: CreditValueNow | null;
  /** The currency money is in: the credit value's (USD when none is set). */
  currency: string;
  totals: MarginFigures;
  byDay: Array<MarginFigures & { day: string }>;
  byPlatform: Array<MarginFigures & { platform: string }>;
  byOperation: Array<MarginFigures & { platform: string; operation: string }>;
  /** The `top` accounts that bought the most credits (then cost the most upstream). */
  byAccount: MarginAccount[];
  /** How many accounts had usage in the range (byAccount shows the first `top`). */
  accounts: number;
};

// $1 from, $2 to (days, inclusive), $3 platform, $4 operation, $5 workspace id (null: any).
// Each day's credit value: the newest that took effect before the day ended, and by now.
const BASE_SQL = `
  WITH day_value AS (
    SELECT s.day::date AS day, v.micros_per_credit
    FROM generate_series($1::date, $2::date, interval '1 day') AS s(day)
    LEFT JOIN LATERAL (
      SELECT micros_per_credit FROM credit_values
      WHERE effective_from < ((s.day::date + 1)::timestamp AT TIME ZONE 'UTC') AND effective_from <= now()
      ORDER BY effective_from DESC LIMIT 1
    ) v ON true
  ), base AS (
    SELECT d.day, d.platform, d.operation, d.user_id, d.calls, d.credits, d.upstream_requests, d.upstream_cached,
           d.upstream_items, d.upstream_cost_micros, v.micros_per_credit
    FROM usage_daily d JOIN day_value v ON v.day = d.day
    WHERE d.day BETWEEN $1::date AND $2::date
      AND ($3::text IS NULL OR d.platform = $3)
      AND ($4::text IS NULL OR d.operation = $4)
      AND ($5::text IS NULL OR d.user_id = $5)
  )`;

// GROUPING(day, platform, operation): 3 = per day, 5 = per platform, 4 = per platform and operation, 7 = all.
const GROUPS_SQL = `${BASE_SQL}
  SELECT GROUPING(day, platform, operation) AS grouping, day::text AS day, platform, operation, ${MARGIN_SUMS_SQL}
  FROM base
  GROUP BY GROUPING SETS ((day), (platform), (platform, operation), ())`;

const ACCOUNTS_SQL = `${BASE_SQL}
  SELECT b.user_id, w.slug, w.name, w.deleted_at IS NOT NULL AS deleted, count(*) OVER () AS accounts, ${MARGIN_SUMS_SQL}
  FROM base b LEFT JOIN workspaces w ON w.id = b.user_id
  GROUP BY b.user_id, w.slug, w.name, w.deleted_at
  ORDER BY sum(b.credits) DESC, sum(b.upstream_cost_micros) DESC, b.user_id
  LIMIT $6`;

const CREDIT_VALUE_SQL = `
  SELECT micros_per_credit::text, currency, effective_from FROM credit_values
  WHERE effective_from <= now() ORDER BY effective_from DESC LIMIT 1`;

type GroupRow = MarginSums & { grouping: number; day: string | null; platform: string | null; operation: string | null };
type AccountRow = MarginSums & { user_id: string; slug: string | null; name: string | null; deleted: boolean; accounts: string };

/** The workspace an operator named by id or slug (deleted ones too: their usage stays). */
async function findWorkspace(named: string): Promise<{ id: string; slug: string; name: string }> {
  const { rows } = await getPool().query<{ id: string; slug: string; name: string }>(
    'SELECT id, slug, name FROM workspaces WHERE id = $1 OR slug = lower($1) ORDER BY (id = $1) DESC LIMIT 1',
    [named],
  );
  if (!rows[0]) throw new MarginFilterError('workspace', `no workspace with the slug or id ${named}`);
  return rows[0];
}

/** Larger first: credits sold, then upstream cost. */
function bySize(a: MarginFigures, b: MarginFigures): number {
  return b.credits - a.credits || b.upstreamCostMicros - a.upstreamCostMicros || b.calls - a.calls;
}

/** The margin report for `filters`; throws MarginFilterError for a workspace that does not exist. */
export async function getMarginReport(filters: MarginFilters, { top = DEFAULT_TOP_ACCOUNTS } = {}): Promise<MarginReport> {
  const workspace = filters.workspace ? await findWorkspace(filters.workspace) : null;
  // Usage is written behind (lib/metering): what this server answered is written first.
  await writeAnsweredUsage();
  const params = [filters.from, filters.to, filters.platform ?? null, filters.operation ?? null, workspace?.id ?? null];
  const pool = getPool();
  const [groups, accounts, value] = await Promise.all([
    pool.query<GroupRow>(GROUPS_SQL, params),
    pool.query<AccountRow>(ACCOUNTS_SQL, [...params, top]),
    pool.query<{ micros_per_credit: string; currency: string; effective_from: Date }>(CREDIT_VALUE_SQL),
  ]);
  const perDay = new Map<string, MarginFigures>();
  const byPlatform: MarginReport['byPlatform'] = [];
  const byOperation: MarginReport['byOperation'] = [];
  let totals = marginFigures(NO_MARGIN_SUMS);
  for (const row of groups.rows) {
    const figures = marginFigures(row);
    if (row.grouping === 3) perDay.set(row.day!, figures);
    else if (row.grouping === 5) byPlatform.push({ platform: row.platform!, ...figures });
    else if (row.grouping === 4) byOperation.push({ platform: row.platform!, operation: row.operation!, ...figures });
    else if (row.grouping === 7) totals = figures;
  }
  const days = rangeDays(filters);
  const creditValue = value.rows[0]
    ? { microsPerCredit: Number(value.rows[0].micros_per_credit), currency: value.rows[0].currency, effectiveFrom: value.rows[0].effective_from.toISOString() }
    : null;
  return {
    filters,
    workspace,
    days,
    creditValue,
    currency: creditValue?.currency ?? 'USD',
    totals,
    byDay: days.map((day) => ({ day, ...(perDay.get(day) ?? marginFigures(NO_MARGIN_SUMS)) })),
    byPlatform: byPlatform.sort((a, b) => bySize(a, b) || a.platform.localeCompare(b.platform)),
    byOperation: byOperation.sort((a, b) => bySize(a, b) || a.operation.localeCompare(b.operation) || a.platform.localeCompare(b.platform)),
    byAccount: accounts.rows.map((row) => ({ workspaceId: row.user_id, slug: row.slug, name: row.name, deleted: row.deleted, ...marginFigures(row) })),
    accounts: Number(accounts.rows[0]?.accounts ?? 0),
  };
}

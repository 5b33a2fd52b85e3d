import { getPool } from '@/lib/db/pool';
import { writeAnsweredUsage } from '@/lib/metering/write-answered-usage';
import { formatKeyDisplay } from '@/lib/keys/key-format';
import { lastDays, type RangeDays } from './days';
import { pivotSeries, type DailySeries } from './pivot-series';
import { DASHBOARD_CALLS, dashboardPageName } from './call-source';
import { countedErrors } from '@/lib/usage/not-failures';
import { splitKeylessUsage } from './split-keyless-usage';
import { readDailyUsage, type DailyUsageRow } from '@/lib/usage/daily-usage';
import { mcpUsageByKey, type McpShare } from './mcp-key-usage';

export type KeyUsage = {
  /** '' for calls made from the dashboard without a key, `source:<page>` for those of one dashboard page. */
  keyId: string;
  name: string;
  display: string | null;
  revoked: boolean;
  calls: number;
  credits: number;
  /** Of these, the calls and credits of AI agents' tool calls through /mcp (source `mcp`). */
  mcp: McpShare;
  days: Array<{ day: string; credits: number; calls: number; mcpCredits: number }>;
};

export type OperationUsage = {
  operation: string;
  tag: string;
  calls: number;
  items: number;
  credits: number;
  errors: number;
  errorRate: number;
  /** Median latency of the range's calls, from the raw events; null when none were kept. */
  p50LatencyMs: number | null;
};

export type Usage = { range: RangeDays; days: string[]; byOperation: DailySeries; byKey: KeyUsage[]; operations: OperationUsage[] };

// All day arithmetic in UTC, as usage_daily is written (see settleHold).
const SINCE = `(now() AT TIME ZONE 'UTC')::date - ($2::int - 1)`;

// The rollup keeps latency sums only, so the median comes from the events themselves.
const P50_SQL = `
  SELECT operation, percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) AS p50
  FROM usage_events
  WHERE user_id = $1 AND created_at >= (${SINCE})::timestamp AT TIME ZONE 'UTC'
  GROUP BY operation`;

function byOperationTable(rows: DailyUsageRow[], p50: Map<string, number>): OperationUsage[] {
  const table = new Map<string, OperationUsage>();
  for (const r of rows) {
    const entry = table.get(r.operation) ?? { operation: r.operation, tag: r.tag, calls: 0, items: 0, credits: 0, errors: 0, errorRate: 0, p50LatencyMs: null };
    entry.calls += r.calls;
    entry.errors += countedErrors(r.operation, r.errors);
    entry.items += Number(r.items);
    entry.credits += Number(r.credits);
    table.set(r.operation, entry);
  }
  return [...table.values()]
    .map((entry) => ({ ...entry, errorRate: entry.calls === 0 ? 0 : entry.errors / entry.calls, p50LatencyMs: p50.get(entry.operation) ?? null }))
    .sort((a, b) => b.credits - a.credits || b.calls - a.calls || a.operation.localeCompare(b.operation));
}

function byKey(rows: DailyUsageRow[], days: string[], mcp: Map<string, Map<string, McpShare>>): KeyUsage[] {
  const keys = new Map<string, KeyUsage & { perDay: Map<string, { credits: number; calls: number }> }>();
  for (const r of rows) {
    let entry = keys.get(r.key_id);
    if (!entry) {
      entry = {
        keyId: r.key_id,
        name: r.key_id === '' ? DASHBOARD_CALLS : r.key_id.startsWith('source:') ? dashboardPageName(r.key_id.slice('source:'.length)) : (r.key_name ?? 'Deleted key'),
        display: r.key_start && r.key_end ? formatKeyDisplay({ keyStart: r.key_start, keyEnd: r.key_end }) : null,
        revoked: r.revoked,
        calls: 0,
        credits: 0,
        mcp: { calls: 0, credits: 0 },
        days: [],
        perDay: new Map(),
      };
      keys.set(r.key_id, entry);
    }
    entry.calls += r.calls;
    entry.credits += Number(r.credits);
    const day = entry.perDay.get(r.day) ?? { credits: 0, calls: 0 };
    day.credits += Number(r.credits);
    day.calls += r.calls;
    entry.perDay.set(r.day, day);
  }
  return [...keys.values()]
    .map(({ perDay, ...entry }) => {
      const mcpDays = mcp.get(entry.keyId);
      // Never more than the rollup says: the two are written together, so this only trims a race.
      const mcpOf = (day: string) => {
        const share = mcpDays?.get(day);
        const total = perDay.get(day) ?? { credits: 0, calls: 0 };
        return { calls: Math.min(share?.calls ?? 0, total.calls), credits: Math.min(share?.credits ?? 0, total.credits) };
      };
      const shares = days.map(mcpOf);
      return {
        ...entry,
        mcp: { calls: shares.reduce((sum, share) => sum + share.calls, 0), credits: shares.reduce((sum, share) => sum + share.credits, 0) },
        days: days.map((day, i) => ({ day, ...(perDay.get(day) ?? { credits: 0, calls: 0 }), mcpCredits: shares[i].credits })),
      };
    })
    .sort((a, b) => b.credits - a.credits || b.calls - a.calls || a.name.localeCompare(b.name));
}

/** An account's usage over the last `range` UTC days: per day and operation, per key (with its MCP share), per operation. */
export async function getUsage(userId: string, range: RangeDays, now: Date = new Date()): Promise<Usage> {
  // Usage is written behind (lib/metering): what this server answered is written first.
  await writeAnsweredUsage();
  const days = lastDays(range, now);
  // The same rollup rows GET /v2/usage reads (lib/usage), so the API and this page agree.
  const [dailyRows, p50, mcp] = await Promise.all([
    readDailyUsage(userId, days[0], days[days.length - 1]),
    getPool().query<{ operation: string; p50: number }>(P50_SQL, [userId, range]),
    mcpUsageByKey(userId, days[0]),
  ]);
  return {
    range,
    days,
    byOperation: pivotSeries(
      dailyRows.map((r) => ({ day: r.day, series: r.operation, value: Number(r.credits) })),
      days,
    ),
    byKey: byKey(await splitKeylessUsage(userId, range, dailyRows), days, mcp),
    operations: byOperationTable(dailyRows, new Map(p50.rows.map((r) => [r.operation, Math.round(Number(r.p50))]))),
  };
}

import { getPool } from '@/lib/db/pool';

// The daily rollup (usage_daily) of a workspace over a span of UTC days, as both the
// dashboard's Usage page (lib/dashboard/get-usage.ts) and GET /v2/usage read it, so the two
// always add up to the same figures. usage_daily files every call under the UTC day it was
// answered (see settleHold and lib/metering/flush-usage.ts).

/** A usage_daily row with its key's name and display; `key_id` is '' for calls made without a key. */
export type DailyUsageRow = {
  day: string;
  key_id: string;
  operation: string;
  tag: string;
  platform: string;
  calls: number;
  errors: number;
  items: string;
  credits: string;
  latency_ms_sum: string;
  key_name: string | null;
  key_start: string | null;
  key_end: string | null;
  revoked: boolean;
};

const DAILY_SQL = `
  SELECT d.day::text AS day, d.key_id, d.operation, d.tag, d.platform, d.calls, d.errors, d.items::text, d.credits::text, d.latency_ms_sum::text,
         k.name AS key_name, k.key_start, k.key_end, k.revoked_at IS NOT NULL AS revoked
  FROM usage_daily d LEFT JOIN api_keys k ON k.id = d.key_id
  WHERE d.user_id = $1 AND d.day BETWEEN $2::date AND $3::date`;

/** The rollup rows of a workspace from UTC day `from` to `to` (`YYYY-MM-DD`, both included). */
export async function readDailyUsage(workspaceId: string, from: string, to: string): Promise<DailyUsageRow[]> {
  const { rows } = await getPool().query<DailyUsageRow>(DAILY_SQL, [workspaceId, from, to]);
  return rows;
}

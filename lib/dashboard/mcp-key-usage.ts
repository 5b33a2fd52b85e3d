import { getPool } from '@/lib/db/pool';

// How much of each key's usage came through /mcp (an AI agent's tool calls, issue 33), so the
// Usage page can show it inside the key's own figures. usage_daily files calls by key and
// operation only; the source is in usage_events, read over the same UTC days. Calls older than
// the request log keeps are in the key's totals without being told apart.

export type McpShare = { calls: number; credits: number };

const MCP_SQL = `
  SELECT key_id, (created_at AT TIME ZONE 'UTC')::date::text AS day, count(*)::int AS calls, sum(credits)::text AS credits
  FROM usage_events
  WHERE user_id = $1 AND key_id IS NOT NULL AND source = 'mcp' AND created_at >= ($2::date)::timestamp AT TIME ZONE 'UTC'
  GROUP BY 1, 2`;

/** Each key's MCP calls and credits per UTC day from `firstDay` (`YYYY-MM-DD`) on: key id → day → share. */
export async function mcpUsageByKey(workspaceId: string, firstDay: string): Promise<Map<string, Map<string, McpShare>>> {
  const { rows } = await getPool().query<{ key_id: string; day: string; calls: number; credits: string }>(MCP_SQL, [workspaceId, firstDay]);
  const byKey = new Map<string, Map<string, McpShare>>();
  for (const r of rows) {
    const days = byKey.get(r.key_id) ?? new Map<string, McpShare>();
    days.set(r.day, { calls: r.calls, credits: Number(r.credits) });
    byKey.set(r.key_id, days);
  }
  return byKey;
}

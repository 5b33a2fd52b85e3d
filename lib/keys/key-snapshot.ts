import { getPool } from '@/lib/db/pool';

/** A key's settings as the audit log keeps them before and after a change (never its secret). */
export type KeySnapshot = {
  name: string;
  scopes: string[];
  credit_limit: string | null;
  daily_budget: string | null;
  monthly_budget: string | null;
  /** The most one MCP tool call may spend; null: the server's default. */
  mcp_max_credits: string | null;
  expires_at: string | null;
  rate_limit: number;
  revoked_at: string | null;
};

export async function keySnapshot(workspaceId: string, keyId: string): Promise<KeySnapshot | null> {
  const { rows } = await getPool().query<KeySnapshot>(
    `SELECT name, scopes, credit_limit::text, daily_budget::text, monthly_budget::text, mcp_max_credits::text, to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS expires_at, rate_limit,
            to_char(revoked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS revoked_at
       FROM api_keys WHERE id = $1 AND user_id = $2`,
    [keyId, workspaceId],
  );
  return rows[0] ?? null;
}

import { getPool } from '@/lib/db/pool';

// The most credits one MCP tool call may spend: a guard against a runaway agent. The key's own
// cap (api_keys.mcp_max_credits, set on the dashboard's API keys page) when it has one, else
// PERCH_MCP_MAX_CREDITS_PER_CALL (1,000 by default). A tool call's max_credits is lowered to it.

export const DEFAULT_MCP_MAX_CREDITS_PER_CALL = 1_000;

/** PERCH_MCP_MAX_CREDITS_PER_CALL, or the default; a value that is not a positive whole number is a startup-time mistake, said once. */
export function defaultCapPerCall(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const raw = env.PERCH_MCP_MAX_CREDITS_PER_CALL?.trim();
  if (!raw) return DEFAULT_MCP_MAX_CREDITS_PER_CALL;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`PERCH_MCP_MAX_CREDITS_PER_CALL must be a positive whole number of credits, got "${raw}"`);
  return value;
}

/** Where a call's cap comes from, for the message of a call refused over it. */
export type CreditCap = { credits: number; source: 'key' | 'default' };

/**
 * The cap for a key's tool calls, read from its row by primary key when a tool is called (not
 * cached: a cap changed on the dashboard applies to the next call, on every instance).
 */
export async function capForKey(keyId: string | null): Promise<CreditCap> {
  const fallback: CreditCap = { credits: defaultCapPerCall(), source: 'default' };
  if (!keyId) return fallback;
  const { rows } = await getPool().query<{ mcp_max_credits: string | null }>({ name: 'perch_mcp_key_cap', text: 'SELECT mcp_max_credits FROM api_keys WHERE id = $1', values: [keyId] });
  const own = rows[0]?.mcp_max_credits;
  return own === null || own === undefined ? fallback : { credits: Number(own), source: 'key' };
}

// The most credits one MCP tool call may spend (issue 33): the server's default from
// PERCH_MCP_MAX_CREDITS_PER_CALL, overridden per key by api_keys.mcp_max_credits. The cap
// stops an agent in a loop from draining the balance one expensive call at a time.

/** The default when PERCH_MCP_MAX_CREDITS_PER_CALL is unset. */
export const DEFAULT_MCP_MAX_CREDITS_PER_CALL = 1_000;

/**
 * The largest per-key cap the dashboard takes: far above any one call's price (1,000 tweets at
 * 15 credits is 15,000), low enough that a typo of extra zeros is refused, not stored.
 */
export const MAX_MCP_CREDITS_SETTING = 1_000_000;

/** The server-wide cap: PERCH_MCP_MAX_CREDITS_PER_CALL when it is a positive whole number, else the default. */
export function serverMcpMaxCredits(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const raw = env.PERCH_MCP_MAX_CREDITS_PER_CALL?.trim();
  if (!raw || !/^[0-9]+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) return DEFAULT_MCP_MAX_CREDITS_PER_CALL;
  return Number(raw);
}

/** The cap one key's tool calls get: its own, or the server's. */
export function mcpMaxCreditsOf(keyCap: number | bigint | null, env: Readonly<Record<string, string | undefined>> = process.env): number {
  return keyCap === null ? serverMcpMaxCredits(env) : Number(keyCap);
}

import { getPool } from '@/lib/db/pool';
import { mcpMaxCreditsOf } from '@/lib/keys/mcp-credit-cap';

// The most credits one MCP tool call may spend: a guard against a runaway agent. The key's own
// cap (api_keys.mcp_max_credits, set on the dashboard's API keys page) when it has one, else
// PERCH_MCP_MAX_CREDITS_PER_CALL (1,000 by default; lib/keys/mcp-credit-cap.ts). A tool call's
// max_credits is lowered to it.

/** Where a call's cap comes from, for the message of a call refused over it. */
export type CreditCap = { credits: number; source: 'key' | 'default' };

/**
 * How long a key's cap read from the database is trusted. The key cache does not hold the
 * column (nor do api_keys' change notifications cover it), and a query per tool call was a
 * database round trip more than the /v2 call it wraps: read at most once a second per key and
 * instance, so a cap changed on the dashboard applies within a second everywhere.
 */
export const CAP_TTL_MS = 1_000;
const MAX_CACHED = 10_000;

type Entry = { value: Promise<number | null>; expiresAt: number };
const cached = new Map<string, Entry>();

function keyCapOf(keyId: string, now: number): Promise<number | null> {
  const entry = cached.get(keyId);
  if (entry && entry.expiresAt > now) return entry.value;
  if (cached.size >= MAX_CACHED) cached.clear();
  // One read for every call that arrives while it runs (single flight); a failed read is not kept.
  const value = getPool()
    .query<{ mcp_max_credits: string | null }>({ name: 'perch_mcp_key_cap', text: 'SELECT mcp_max_credits FROM api_keys WHERE id = $1', values: [keyId] })
    .then(({ rows }) => (rows[0]?.mcp_max_credits == null ? null : Number(rows[0].mcp_max_credits)));
  value.catch(() => cached.delete(keyId));
  cached.set(keyId, { value, expiresAt: now + CAP_TTL_MS });
  return value;
}

/** The cap for a key's tool calls: its own, or the server's default. */
export async function capForKey(keyId: string | null, now = Date.now()): Promise<CreditCap> {
  const own = keyId ? await keyCapOf(keyId, now) : null;
  return { credits: mcpMaxCreditsOf(own), source: own === null ? 'default' : 'key' };
}

import { formatNumber } from '@/lib/dashboard/format';
import type { KeySummary } from '@/lib/dashboard/list-keys';

/** The most one MCP tool call with the key may spend: its own cap, or the server's default marked so. */
export function KeyMcpCap({ apiKey, defaultCap }: { apiKey: KeySummary; defaultCap: number }) {
  if (apiKey.mcpMaxCredits === null) return <span title="The server's default (PERCH_MCP_MAX_CREDITS_PER_CALL)">{`${formatNumber(defaultCap)} (default)`}</span>;
  return <span>{formatNumber(apiKey.mcpMaxCredits)}</span>;
}

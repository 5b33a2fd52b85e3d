// What the keys page's "Use with AI agents" section shows (issue 33, docs/mcp.md): the /mcp
// address of this deployment and a configuration for each common MCP client, ready to paste.

/** Stands where the key goes until one was just created (its secret is shown only once). */
export const KEY_PLACEHOLDER = 'perch_YOUR_API_KEY';

export type McpClientConfig = { id: 'json' | 'claude-code' | 'vscode'; label: string; where: string; code: string };

/** The deployment's public origin from PERCH_PUBLIC_URL, or null when it is unset or not a URL (then the request's origin stands). */
export function configuredPublicOrigin(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  const raw = env.PERCH_PUBLIC_URL?.trim();
  if (!raw) return null;
  try {
    return new URL(raw).origin;
  } catch {
    return null;
  }
}

/** The MCP endpoint on an origin. */
export function mcpUrlOf(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/mcp`;
}

/** The three configurations, each with the key (or the placeholder) in its Authorization header. */
export function mcpClientConfigs(url: string, key: string = KEY_PLACEHOLDER): McpClientConfig[] {
  const headers = { Authorization: `Bearer ${key}` };
  return [
    {
      id: 'json',
      label: 'JSON (mcpServers)',
      where: 'Claude Desktop, Cursor (~/.cursor/mcp.json), Windsurf and other clients that read an mcpServers object',
      code: JSON.stringify({ mcpServers: { perch: { url, headers } } }, null, 2),
    },
    {
      id: 'claude-code',
      label: 'Claude Code',
      where: 'Run once in a terminal',
      code: `claude mcp add --transport http perch ${url} --header "Authorization: Bearer ${key}"`,
    },
    {
      id: 'vscode',
      label: 'VS Code (.vscode/mcp.json)',
      where: 'In the workspace file .vscode/mcp.json (or the user settings\u2019 MCP servers)',
      code: JSON.stringify({ servers: { perch: { type: 'http', url, headers } } }, null, 2),
    },
  ];
}

import type http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mcpRoute, type McpRouteOptions } from '@/lib/mcp/mcp-route';
import { createHttpServer, listen } from '@/lib/server/http-server';

// MCP clients for the tests: the SDK's own Client over Streamable HTTP, against /mcp served
// in-process (lib/mcp's route on the production http server, loopback only) or by a real server.ts.

export type McpTestServer = { url: string; close: () => Promise<void> };

/** /mcp on the production node:http server, in this process, on a free loopback port. */
export async function startInProcessMcp(options: McpRouteOptions = {}): Promise<McpTestServer> {
  const notFound = (_req: http.IncomingMessage, res: http.ServerResponse) => void res.writeHead(404).end();
  const server = createHttpServer([{ prefix: '/mcp', handle: mcpRoute(options) }], notFound);
  await listen(server, 0, '127.0.0.1');
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An SDK client connected to `url` with the API key (none: no Authorization header). */
export async function connectMcp(url: string, key: string | null, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'perch-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } } });
  await client.connect(transport);
  return client;
}

/** A tool result's text content, joined. */
export function textOf(result: CallToolResult | Record<string, unknown>): string {
  const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

export type ToolMeta = { credits_charged: number; credits_remaining: number; next_cursor: string | null; request_id: string; [extra: string]: unknown };

/** A successful tool result's structured content. */
export function structuredOf<T = unknown>(result: CallToolResult | Record<string, unknown>): { data: T; meta: ToolMeta } {
  return result.structuredContent as { data: T; meta: ToolMeta };
}

/** The snake_case tool name of an operation id, written out again rather than imported from the code under test. */
export function expectedToolName(operationId: string): string {
  return operationId
    .split(/(?=[A-Z])/)
    .map((part) => part.toLowerCase())
    .join('_');
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { getPool } from '@/lib/db/pool';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { PRICE } from '../support/api-charges';
import { startServer, type RunningServer } from '../support/api-server';
import { userWithMost } from '../support/api-subjects';
import { connectMcp, expectedToolName, structuredOf, textOf } from '../support/mcp-client';
import { inspectorCli } from '../support/mcp-inspector';

// /mcp on the production entry (server.ts, a child process, real HTTP): the SDK's Client and
// the MCP inspector's CLI list the tools the server's own OpenAPI document implies and call one.

let server: RunningServer;
let account: ApiAccount;
let readOnly: ApiAccount;
let username: string;
let client: Client;

/** The tool names /v2/openapi.json implies for a key: its JSON-answering operations, write-scope ones only with the write scope. */
async function toolsFromOpenApi(scopes: string[]): Promise<string[]> {
  const document = (await (await fetch(`${server.url}/v2/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { operationId: string; 'x-scope': string; responses: Record<string, { content?: Record<string, unknown> }> }>>;
  };
  return Object.values(document.paths)
    .flatMap((methods) => Object.values(methods))
    .filter((operation) => 'application/json' in (operation.responses['200']?.content ?? {}) && (operation['x-scope'] !== 'write' || scopes.includes('write')))
    .map((operation) => expectedToolName(operation.operationId))
    .sort();
}

/** The usage row of a request, once the server has written it (usage is written behind the answer). */
async function usageRow(requestId: string): Promise<{ source: string; status: number; credits: number } | undefined> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { rows } = await getPool().query<{ source: string; status: number; credits: number }>('SELECT source, status, credits::int FROM usage_events WHERE request_id = $1', [requestId]);
    if (rows[0]) return rows[0];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return undefined;
}

beforeAll(async () => {
  account = await createApiAccount({ label: 'mcp-server' });
  readOnly = await createApiAccount({ label: 'mcp-server-read', scopes: ['read'] });
  username = await userWithMost.followers();
  // Per-call database holds (no credit leases): balances read right after a call are final.
  server = await startServer(process.env.DATABASE_URL!, { PERCH_CREDIT_LEASES: '0' });
  client = await connectMcp(`${server.url}/mcp`, account.key);
}, 10 * 60_000);

afterAll(async () => {
  await client?.close().catch(() => undefined);
  await server?.stop();
  await expectLedgersBalanced();
});

describe('/mcp on server.ts', () => {
  it('lists the tools the OpenAPI document implies, for a read,write key and a read key', async () => {
    const names = (await client.listTools()).tools.map((tool) => tool.name).sort();
    expect(names).toEqual(await toolsFromOpenApi(['read', 'write']));
    const reader = await connectMcp(`${server.url}/mcp`, readOnly.key);
    try {
      expect((await reader.listTools()).tools.map((tool) => tool.name).sort()).toEqual(await toolsFromOpenApi(['read']));
    } finally {
      await reader.close();
    }
  });

  it('calls get_user as a /v2 call: charged, recorded with source mcp', async () => {
    const before = await account.balance();
    const result = (await client.callTool({ name: 'get_user', arguments: { username } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const { data, meta } = structuredOf<{ username: string }>(result);
    expect(data.username.toLowerCase()).toBe(username.toLowerCase());
    expect(meta.credits_charged).toBe(PRICE.profile);
    expect(textOf(result)).toContain(`@${data.username}`);
    expect(before - (await account.balance())).toBe(PRICE.profile);
    expect(await usageRow(meta.request_id)).toEqual({ source: 'mcp', status: 200, credits: PRICE.profile });
  });

  it('401 without a key, with a WWW-Authenticate naming the dashboard page for keys', async () => {
    const answer = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'curl', version: '1' } } }),
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer realm="perch", error_description=".*\/dashboard\/keys/);
    const body = (await answer.json()) as { jsonrpc: string; error: { message: string } };
    expect(body.jsonrpc).toBe('2.0');
    expect(body.error.message).toContain('Authorization: Bearer');
  });

  it('the MCP inspector CLI lists the tools and calls one', async () => {
    const listed = await inspectorCli<{ tools: Array<{ name: string }> }>(server.url, readOnly.key, ['--method', 'tools/list']);
    expect(listed.tools.map((tool) => tool.name).sort()).toEqual(await toolsFromOpenApi(['read']));
    const before = await readOnly.balance();
    const called = await inspectorCli<CallToolResult>(server.url, readOnly.key, ['--method', 'tools/call', '--tool-name', 'get_user', '--tool-arg', `username=${username}`]);
    expect(called.isError).toBeFalsy();
    expect(structuredOf<{ username: string }>(called).data.username.toLowerCase()).toBe(username.toLowerCase());
    expect(textOf(called)).toContain(`Charged ${PRICE.profile} credits`);
    expect(before - (await readOnly.balance())).toBe(PRICE.profile);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { dispatch } from '@/lib/api/dispatch';
import { getPool } from '@/lib/db/pool';
import { CAP_TTL_MS } from '@/lib/mcp/credit-cap';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { PRICE } from '../support/api-charges';
import { userWithMost } from '../support/api-subjects';
import { createFixtureUsers } from '../support/platform-fixtures';
import { connectMcp, expectedToolName, startInProcessMcp, structuredOf, textOf, type McpTestServer } from '../support/mcp-client';

// The MCP server (lib/mcp) through the SDK's own Client over Streamable HTTP, against /mcp on
// the production node:http server in this process. Every tool call is a /v2 call: charged,
// recorded with source mcp, refused with the API's errors as tool errors.

process.env.PERCH_CURSOR_SECRET ??= 'mcp-tools-test-cursor-secret';

let server: McpTestServer;
let full: ApiAccount;
let readOnly: ApiAccount;
let fullClient: Client;
let readClient: Client;
let username: string;
const clients: Client[] = [];

async function client(account: ApiAccount): Promise<Client> {
  const connected = await connectMcp(server.url, account.key);
  clients.push(connected);
  return connected;
}

async function call(on: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await on.callTool({ name, arguments: args })) as CallToolResult;
}

/** The tools the OpenAPI document implies for a key: JSON operations, write-scope ones only with the write scope. */
async function expectedTools(scopes: string[]): Promise<string[]> {
  const document = (await (await dispatch(new Request('http://perch.test/v2/openapi.json'))).json()) as {
    paths: Record<string, Record<string, { operationId: string; 'x-scope': string; responses: Record<string, { content?: Record<string, unknown> }> }>>;
  };
  const names: string[] = [];
  for (const methods of Object.values(document.paths)) {
    for (const operation of Object.values(methods)) {
      const json = Object.keys(operation.responses['200']?.content ?? {}).includes('application/json');
      if (json && (operation['x-scope'] !== 'write' || scopes.includes('write'))) names.push(expectedToolName(operation.operationId));
    }
  }
  return names.sort();
}

async function usageRow(requestId: string) {
  const { rows } = await getPool().query<{ source: string; status: number; credits: number; operation: string }>(
    'SELECT source, status, credits::int, operation FROM usage_events WHERE request_id = $1',
    [requestId],
  );
  return rows[0];
}

beforeAll(async () => {
  const [writer] = await createFixtureUsers(getPool(), 1);
  full = await createApiAccount({ label: 'mcp', connect: writer.username });
  readOnly = await createApiAccount({ label: 'mcp-read', scopes: ['read'] });
  username = await userWithMost.followers();
  server = await startInProcessMcp();
  fullClient = await client(full);
  readClient = await client(readOnly);
});

afterAll(async () => {
  for (const open of clients) await open.close().catch(() => undefined);
  await server?.close();
  await expectLedgersBalanced();
});

describe('tools/list', () => {
  it('lists one tool per operation the key may call: every JSON operation for read,write; no write-scope one for read', async () => {
    const [all, reads] = await Promise.all([fullClient.listTools(), readClient.listTools()]);
    const allNames = all.tools.map((tool) => tool.name).sort();
    const readNames = reads.tools.map((tool) => tool.name).sort();
    expect(allNames).toEqual(await expectedTools(['read', 'write']));
    expect(readNames).toEqual(await expectedTools(['read']));
    expect(allNames.length - readNames.length).toBe(10);
    expect(readNames).not.toContain('create_tweet');
    expect(allNames).toEqual(expect.arrayContaining(['search_tweets', 'get_user', 'create_tweet', 'get_trending']));
    // Streams and files are no tools.
    expect(allNames).not.toContain('stream_matches');
    expect(allNames).not.toContain('download_export');
  });

  it('describes each tool with its price, its inputs as JSON Schema and truthful annotations', async () => {
    const tools = new Map((await fullClient.listTools()).tools.map((tool) => [tool.name, tool] as [string, Tool]));
    const search = tools.get('search_tweets')!;
    expect(search.description).toContain(`${PRICE.tweet} credits per tweet returned`);
    expect(search.inputSchema.required).toContain('query');
    expect(Object.keys(search.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['query', 'count', 'cursor', 'max_credits']));
    expect(search.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });

    const getUser = tools.get('get_user')!;
    expect(getUser.description).toContain(`${PRICE.profile} credits per profile returned`);
    expect(getUser.inputSchema.required).toEqual(['username']);
    expect(getUser.inputSchema.properties).toHaveProperty('max_credits');

    expect(tools.get('create_tweet')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    expect(tools.get('create_tweet')!.description).toContain(`${PRICE.write} credits per call`);
    expect(tools.get('create_tweet')!.inputSchema.properties).toHaveProperty('idempotency_key');
    expect(tools.get('like_tweet')!.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: true });
    expect(tools.get('get_account')!.description).toContain('Free.');
    // The embedded platform is Perch's own database: no world outside.
    expect(tools.get('get_user')!.annotations?.openWorldHint).toBe(false);
    // Every paid tool takes max_credits.
    for (const tool of tools.values()) if (!/Free\./.test(tool.description ?? '')) expect(tool.inputSchema.properties, tool.name).toHaveProperty('max_credits');
  });
});

describe('tools/call', () => {
  it('get_user: the /v2 data as structured content, a short text, charged and recorded with source mcp', async () => {
    const before = await full.balance();
    const result = await call(fullClient, 'get_user', { username });
    expect(result.isError).toBeFalsy();
    const { data, meta } = structuredOf<{ username: string; followers_count: number }>(result);
    expect(data.username.toLowerCase()).toBe(username.toLowerCase());
    expect(meta.credits_charged).toBe(PRICE.profile);
    expect(before - (await full.balance())).toBe(PRICE.profile);
    expect(meta.credits_remaining).toBe(before - PRICE.profile);
    const text = textOf(result);
    expect(text).toContain(`@${data.username}`);
    expect(text).toContain('followers');
    expect(text).toContain(`Charged ${PRICE.profile} credits`);
    expect(text).not.toContain('"followers_count"');
    expect(await usageRow(meta.request_id)).toEqual({ source: 'mcp', status: 200, credits: PRICE.profile, operation: 'getUser' });
    // The same data /v2 answers.
    const direct = await full.call('GET', `/v2/users/${username}`);
    expect({ ...data, followers_count: 0 }).toEqual({ ...direct.body.data, followers_count: 0 });
  });

  it('pages with the cursor: the second page differs, and the text says how to get it', async () => {
    const first = await call(fullClient, 'get_user_followers', { username, count: 3 });
    const page1 = structuredOf<Array<{ id: string }>>(first);
    expect(page1.data).toHaveLength(3);
    expect(page1.meta.next_cursor).toEqual(expect.any(String));
    expect(textOf(first)).toContain(`cursor "${page1.meta.next_cursor}"`);
    const second = await call(fullClient, 'get_user_followers', { username, count: 3, cursor: page1.meta.next_cursor });
    const page2 = structuredOf<Array<{ id: string }>>(second);
    expect(page2.data).toHaveLength(3);
    expect(page2.data.map((user) => user.id)).not.toEqual(expect.arrayContaining(page1.data.map((user) => user.id).slice(0, 1)));
    expect(new Set([...page1.data, ...page2.data].map((user) => user.id)).size).toBe(6);
    // A cursor with other arguments is refused as /v2 refuses it.
    const mismatched = await call(fullClient, 'get_user_followers', { username, count: 3, sort: 'followers', cursor: page1.meta.next_cursor });
    expect(mismatched.isError).toBe(true);
    expect(textOf(mismatched)).toContain('cursor');
  });

  it('search_tweets: a POST operation, its arguments as the JSON body; tweets rendered a line each', async () => {
    const result = await call(fullClient, 'search_tweets', { query: 'the', count: 4 });
    expect(result.isError).toBeFalsy();
    const { data, meta } = structuredOf<Array<{ id: string; author: { username: string } }>>(result);
    expect(data.length).toBeGreaterThan(0);
    expect(meta.credits_charged).toBe(data.length * PRICE.tweet);
    const lines = textOf(result).split('\n').filter((line) => line.startsWith('- @'));
    expect(lines).toHaveLength(data.length);
    expect(lines[0]).toContain(`@${data[0].author.username}`);
    expect(lines[0]).toContain(`id ${data[0].id}`);
    expect(lines[0]).toMatch(/likes/);
  });

  it('a write with a read-only key: not listed, and called anyway it is a tool error naming the scope', async () => {
    const names = (await readClient.listTools()).tools.map((tool) => tool.name);
    expect(names).not.toContain('create_tweet');
    const before = await readOnly.balance();
    const result = await call(readClient, 'create_tweet', { text: 'should not post' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('write scope');
    expect(textOf(result)).toContain('/dashboard/keys');
    expect(await readOnly.balance()).toBe(before);
    const { rows } = await getPool().query("SELECT source, status FROM usage_events WHERE key_id = $1 AND operation = 'createTweet'", [readOnly.keyId]);
    expect(rows).toEqual([{ source: 'mcp', status: 403 }]);
  });

  it('a write with a read,write key posts as the connected account and charges the write', async () => {
    const before = await full.balance();
    const result = await call(fullClient, 'create_tweet', { text: 'posted by an agent over MCP', idempotency_key: `mcp-${Date.now()}` });
    expect(result.isError).toBeFalsy();
    const { data, meta } = structuredOf<{ id: string; text: string }>(result);
    expect(data.text).toBe('posted by an agent over MCP');
    expect(meta.credits_charged).toBe(PRICE.write);
    expect(before - (await full.balance())).toBe(PRICE.write);
  });

  it('402: a tool error that says the balance and where to top up, charging nothing', async () => {
    const broke = await createApiAccount({ label: 'mcp-broke', credits: 0 });
    const result = await call(await client(broke), 'get_user', { username });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('the balance is 0 credits');
    expect(textOf(result)).toContain(`needs ${PRICE.profile}`);
    expect(textOf(result)).toContain('/dashboard/billing');
    expect(await broke.balance()).toBe(0);
  });

  it('a bad argument: a tool error naming the field', async () => {
    const tooMany = await call(fullClient, 'get_user_followers', { username, count: 5000 });
    expect(tooMany.isError).toBe(true);
    expect(textOf(tooMany)).toMatch(/^Invalid argument: count: /);
    const badName = await call(fullClient, 'get_user', { username: 'no spaces allowed!' });
    expect(badName.isError).toBe(true);
    expect(textOf(badName)).toContain('username');
    const unknown = await call(fullClient, 'get_user', { username, colour: 'blue' });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('colour');
    const missing = await call(fullClient, 'get_user', {});
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain('username is required');
  });

  it('an unknown tool is a protocol error', async () => {
    await expect(call(fullClient, 'no_such_tool')).rejects.toThrow(/unknown tool/);
  });
});

describe('the per-call credit cap', () => {
  it('lowers max_credits to the key’s MCP cap: a page is cut to what the cap pays for; a call whose minimum is above it is refused', async () => {
    const capped = await createApiAccount({ label: 'mcp-capped' });
    await getPool().query('UPDATE api_keys SET mcp_max_credits = 50 WHERE id = $1', [capped.keyId]);
    const agent = await client(capped);
    const page = await call(agent, 'search_tweets', { query: 'the', count: 10 });
    expect(page.isError).toBeFalsy();
    const { data, meta } = structuredOf<unknown[]>(page);
    expect(data.length).toBeLessThanOrEqual(Math.floor(50 / PRICE.tweet));
    expect(meta.credits_charged).toBeLessThanOrEqual(50);
    // An agent's own lower max_credits still holds.
    const lower = structuredOf<unknown[]>(await call(agent, 'search_tweets', { query: 'the', count: 10, max_credits: PRICE.tweet }));
    expect(lower.data).toHaveLength(1);
    // A batch of 5 profiles needs 90 credits, above the cap of 50, even with the agent's max_credits higher.
    const batch = await call(agent, 'get_users_batch', { usernames: [username, 'mcp_a', 'mcp_b', 'mcp_c', 'mcp_d'], max_credits: 10_000 });
    expect(batch.isError).toBe(true);
    expect(textOf(batch)).toContain("this key's MCP cap of 50 credits per tool call");
    expect(textOf(batch)).toContain(`at least ${5 * PRICE.profile}`);
    expect(textOf(batch)).toContain('/dashboard/keys');
    // A cap raised on the dashboard applies within CAP_TTL_MS (a second), without a new key or client.
    await getPool().query('UPDATE api_keys SET mcp_max_credits = 100 WHERE id = $1', [capped.keyId]);
    await new Promise((resolve) => setTimeout(resolve, CAP_TTL_MS + 100));
    const raised = await call(agent, 'get_users_batch', { usernames: [username, 'mcp_a', 'mcp_b', 'mcp_c', 'mcp_d'] });
    expect(raised.isError).toBeFalsy();
    expect(structuredOf(raised).meta.credits_charged).toBe(PRICE.profile);
  });

  it('without a key cap, PERCH_MCP_MAX_CREDITS_PER_CALL (1,000 by default) applies', async () => {
    const result = await call(fullClient, 'search_tweets', { query: 'the', count: 100 });
    expect(result.isError).toBeFalsy();
    const { data, meta } = structuredOf<unknown[]>(result);
    expect(meta.credits_charged).toBeLessThanOrEqual(1000);
    expect(data.length).toBeLessThanOrEqual(Math.floor(1000 / PRICE.tweet));
  });
});

describe('concurrency', () => {
  it('200 concurrent get_user calls on credits for exactly 150: 150 succeed, the balance ends at 0, all recorded as mcp', async () => {
    const account = await createApiAccount({ label: 'mcp-concurrent', credits: 150 * PRICE.profile });
    const agent = await client(account);
    const results = await Promise.all(Array.from({ length: 200 }, () => call(agent, 'get_user', { username })));
    const succeeded = results.filter((result) => !result.isError);
    const refused = results.filter((result) => result.isError);
    expect(succeeded).toHaveLength(150);
    expect(refused).toHaveLength(50);
    for (const result of refused) expect(textOf(result)).toContain('Not enough credits');
    expect(await account.balance()).toBe(0);
    const { rows } = await getPool().query<{ source: string; status: number; n: number }>(
      'SELECT source, status, count(*)::int AS n FROM usage_events WHERE key_id = $1 GROUP BY 1, 2 ORDER BY 2',
      [account.keyId],
    );
    expect(rows).toEqual([
      { source: 'mcp', status: 200, n: 150 },
      { source: 'mcp', status: 402, n: 50 },
    ]);
  });
});

describe('resources and prompts', () => {
  it('perch://account is GET /v2/account: the balance and this key', async () => {
    const listed = (await fullClient.listResources()).resources.map((resource) => resource.uri);
    expect(listed).toEqual(['perch://account', 'perch://rules', 'perch://exports']);
    const read = await fullClient.readResource({ uri: 'perch://account' });
    const account = JSON.parse((read.contents[0] as { text: string }).text) as { data: { balance: number; key: { id: string; scopes: string[] } } };
    expect(account.data.balance).toBe(await full.balance());
    expect(account.data.key).toMatchObject({ id: full.keyId, scopes: ['read', 'write'] });
    const rules = JSON.parse(((await fullClient.readResource({ uri: 'perch://rules' })).contents[0] as { text: string }).text) as { data: unknown[] };
    expect(Array.isArray(rules.data)).toBe(true);
    await expect(fullClient.readResource({ uri: 'perch://nothing' })).rejects.toThrow(/no resource/);
  });

  it('prompts tell the agent which tools to call', async () => {
    const prompts = (await readClient.listPrompts()).prompts.map((prompt) => prompt.name);
    expect(prompts).toEqual(expect.arrayContaining(['audience_of_user', 'trending_in_country']));
    const audience = await readClient.getPrompt({ name: 'audience_of_user', arguments: { username: '@alice' } });
    const text = (audience.messages[0].content as { text: string }).text;
    expect(text).toContain('get_user_followers');
    expect(text).toContain('"alice"');
    const tools = new Set((await readClient.listTools()).tools.map((tool) => tool.name));
    for (const tool of text.match(/\b[a-z]+(?:_[a-z]+)+\b/g)!.filter((word) => word.startsWith('get_') || word.startsWith('search_'))) expect(tools.has(tool), tool).toBe(true);
  });
});

describe('HTTP', () => {
  it('401 without a key or with a bad one, with a WWW-Authenticate saying where to get a key', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const none = await fetch(server.url, { method: 'POST', headers, body });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer realm="perch", error_description="[^"]*\/dashboard\/keys/);
    expect(((await none.json()) as { error: { code: number } }).error.code).toBe(-32001);
    const bad = await fetch(server.url, { method: 'POST', headers: { ...headers, authorization: 'Bearer perch_00000000000000000000000000000000' }, body });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toContain('error="invalid_token"');
    await expect(connectMcp(server.url, null)).rejects.toThrow();
  });

  it('GET and DELETE are 405 (stateless: no session, no server stream)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const answer = await fetch(server.url, { method, headers: { authorization: `Bearer ${full.key}`, accept: 'text/event-stream' } });
      expect(answer.status).toBe(405);
      expect(answer.headers.get('allow')).toBe('POST');
    }
  });

  it('answers without a session id, so any instance can take the next request', async () => {
    const answer = await fetch(server.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${full.key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_user', arguments: { username } } }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('mcp-session-id')).toBeNull();
    expect(answer.headers.get('x-ratelimit-limit')).not.toBeNull();
    const body = (await answer.json()) as { id: number; result: CallToolResult };
    expect(body.id).toBe(7);
    expect(structuredOf(body.result).meta.credits_charged).toBe(PRICE.profile);
  });
});

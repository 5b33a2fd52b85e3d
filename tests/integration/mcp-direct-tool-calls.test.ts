import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import type { KeyScope } from '@/lib/keys/types';
import { toolCallOf } from '@/lib/mcp/fast-tool-call';
import { catalogFor } from '@/lib/mcp/tool-catalog-cache';
import { getServedPlatforms } from '@/lib/platform/served-platforms';
import { setPriceOverride } from '@/lib/prices/write-prices';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { PRICE } from '../support/api-charges';
import { userWithMost } from '../support/api-subjects';
import { connectMcp, startInProcessMcp, type McpTestServer } from '../support/mcp-client';

// tools/call is answered by mcp-route.ts directly (fast-tool-call.ts) unless the route is told to
// hand it to the SDK's Server. Both routes get the same POSTs here; each answer of the direct
// path must be the SDK's: status, content type and JSON-RPC body, for calls that succeed, tool
// errors, protocol errors, refused headers and malformed messages (which the direct path leaves
// to the SDK).

process.env.PERCH_CURSOR_SECRET ??= 'mcp-direct-test-cursor-secret';

let direct: McpTestServer;
let sdk: McpTestServer;
let username: string;

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': LATEST_PROTOCOL_VERSION };

type Answer = { status: number; contentType: string | null; cacheControl: string | null; rateLimited: boolean; body: unknown };

async function post(url: string, key: string, body: unknown, headers: Record<string, string> = HEADERS): Promise<Answer> {
  const answer = await fetch(url, { method: 'POST', headers: { ...headers, authorization: `Bearer ${key}` }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await answer.text();
  return {
    status: answer.status,
    contentType: answer.headers.get('content-type'),
    cacheControl: answer.headers.get('cache-control'),
    rateLimited: answer.headers.get('x-ratelimit-limit') !== null,
    // A request id, a refusal's latency and the server's origin (in links to the dashboard) are
    // each call's or server's own: the same placeholders in both answers.
    body: text ? JSON.parse(text.replace(/"req_[A-Za-z0-9_-]+"/g, '"<request id>"').replace(/"latency_ms":\d+/g, '"latency_ms":0').replaceAll(new URL(url).origin, '<origin>')) : null,
  };
}

/** The same message to both routes, each as a fresh account with the same balance (so that credits left match too). */
async function both(body: unknown, options: { headers?: Record<string, string>; scopes?: KeyScope[]; credits?: number } = {}): Promise<{ direct: Answer; sdk: Answer }> {
  const [one, other]: ApiAccount[] = await Promise.all([0, 1].map(() => createApiAccount({ label: 'mcp-direct', scopes: options.scopes, credits: options.credits })));
  return { direct: await post(direct.url, one.key, body, options.headers), sdk: await post(sdk.url, other.key, body, options.headers) };
}

const call = (params: unknown, id: unknown = 1) => ({ jsonrpc: '2.0', id, method: 'tools/call', params });

beforeAll(async () => {
  username = await userWithMost.followers();
  direct = await startInProcessMcp({ toolCalls: 'direct' });
  sdk = await startInProcessMcp({ toolCalls: 'sdk' });
});

afterAll(async () => {
  await direct?.close();
  await sdk?.close();
  await expectLedgersBalanced();
});

describe('tools/call answered directly equals the SDK’s answer', () => {
  it('get_user that succeeds: the same result, charged the same', async () => {
    const { direct: mine, sdk: theirs } = await both(call({ name: 'get_user', arguments: { username } }, 42));
    expect(mine.status).toBe(200);
    const result = (mine.body as { result: { isError?: boolean; structuredContent: { meta: { credits_charged: number } } } }).result;
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent.meta.credits_charged).toBe(PRICE.profile);
    expect(mine).toEqual(theirs);
  });

  it('tool errors (a bad argument, a missing one, a write with a read key, a 402) and a string id', async () => {
    for (const [params, options] of [
      [{ name: 'get_user', arguments: { username: 'no spaces allowed!' } }, {}],
      [{ name: 'get_user', arguments: {} }, {}],
      [{ name: 'get_user' }, {}],
      [{ name: 'get_user_followers', arguments: { username, count: 5000 } }, {}],
      [{ name: 'create_tweet', arguments: { text: 'not posted' } }, { scopes: ['read'] }],
      [{ name: 'get_user', arguments: { username } }, { credits: 1 }],
      [{ name: 'get_user', arguments: { username }, _meta: { progressToken: 'p1' } }, {}],
    ] as const) {
      const { direct: mine, sdk: theirs } = await both(call(params, 'call-7'), options as { scopes?: KeyScope[]; credits?: number });
      expect(mine.status, JSON.stringify(params)).toBe(200);
      expect((mine.body as { id: unknown }).id).toBe('call-7');
      expect(mine, JSON.stringify(params)).toEqual(theirs);
    }
  });

  it('an unknown tool: the same JSON-RPC error (-32602)', async () => {
    const { direct: mine, sdk: theirs } = await both(call({ name: 'no_such_tool', arguments: {} }, 0));
    expect((mine.body as { error: { code: number } }).error.code).toBe(-32602);
    expect(mine).toEqual(theirs);
  });

  it('refused headers on a valid tools/call: 406, 415 and 400, as the SDK’s transport answers them', async () => {
    const valid = call({ name: 'get_user', arguments: { username } });
    for (const headers of [
      { ...HEADERS, accept: 'application/json' },
      { ...HEADERS, accept: 'text/event-stream' },
      { ...HEADERS, 'content-type': 'text/plain' },
      { ...HEADERS, 'content-type': 'text/plain; a=application/json' },
      { ...HEADERS, 'mcp-protocol-version': '1999-01-01' },
    ]) {
      const { direct: mine, sdk: theirs } = await both(valid, { headers });
      expect(mine.status, JSON.stringify(headers)).toBeGreaterThanOrEqual(400);
      expect((mine.body as { error: { code: number } }).error.code).toBe(-32000);
      expect(mine, JSON.stringify(headers)).toEqual(theirs);
    }
    // Accepted as the SDK accepts them: a Content-Type with parameters, no MCP-Protocol-Version, an older one.
    for (const headers of [
      { ...HEADERS, 'content-type': 'application/json; charset=utf-8' },
      { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      { ...HEADERS, 'mcp-protocol-version': '2025-03-26' },
    ]) {
      const { direct: mine, sdk: theirs } = await both(valid, { headers });
      expect(mine.status, JSON.stringify(headers)).toBe(200);
      expect(mine, JSON.stringify(headers)).toEqual(theirs);
    }
  });

  it('malformed tools/call messages get the SDK’s JSON-RPC errors', async () => {
    const malformed: unknown[] = [
      call({ arguments: { username } }),
      call({ name: 42 }),
      call({ name: 'get_user', arguments: 'username=someone' }),
      call({ name: 'get_user', arguments: [username] }),
      call('get_user'),
      call(undefined),
      call({ name: 'get_user', arguments: { username } }, 1.5),
      call({ name: 'get_user', arguments: { username } }, null),
      call({ name: 'get_user', arguments: { username } }, { nested: true }),
      { ...call({ name: 'get_user', arguments: { username } }), jsonrpc: '1.0' },
      { ...call({ name: 'get_user', arguments: { username } }), extra: true },
      { jsonrpc: '2.0', method: 'tools/call', params: { name: 'get_user', arguments: { username } } },
      call({ name: 'get_user', arguments: { username }, _meta: { progressToken: { not: 'a token' } } }),
      call({ name: 'get_user', arguments: { username }, task: { ttl: 60_000 } }),
      '{"jsonrpc":"2.0","id":1,"method":"tools/call"',
    ];
    for (const message of malformed) {
      const { direct: mine, sdk: theirs } = await both(message);
      expect(mine, JSON.stringify(message)).toEqual(theirs);
    }
    // What the SDK answers them, for the record: none is a tool result.
    const { direct: noName } = await both(call({ arguments: { username } }));
    expect((noName.body as { error?: unknown }).error).toBeDefined();
    const { direct: strict } = await both({ ...call({ name: 'get_user', arguments: { username } }), extra: true });
    expect(strict).toMatchObject({ status: 400, body: { error: { code: -32700 } } });
  });

  it('takes only the messages the SDK would run the tools/call handler for', () => {
    const valid = call({ name: 'get_user', arguments: { username } });
    expect(toolCallOf(valid)).toMatchObject({ id: 1, method: 'tools/call', params: { name: 'get_user', arguments: { username } } });
    expect(toolCallOf(call({ name: 'get_user' }, 'abc'))).toMatchObject({ id: 'abc', params: { name: 'get_user' } });
    for (const message of [
      { ...valid, method: 'tools/list' },
      { ...valid, jsonrpc: '1.0' },
      { ...valid, id: 1.5 },
      { ...valid, id: null },
      { ...valid, extra: 1 },
      call({ name: 42 }),
      call({ name: 'get_user', arguments: [] }),
      call({ name: 'get_user', task: { ttl: 1 } }),
      [valid],
      null,
      'tools/call',
    ]) {
      expect(toolCallOf(message), JSON.stringify(message)).toBeNull();
    }
  });
});

describe('the tool catalog, built once per price book, platform, scope and workspace', () => {
  async function getUserDescription(account: ApiAccount): Promise<string> {
    const client = await connectMcp(direct.url, account.key);
    try {
      return (await client.listTools()).tools.find((tool) => tool.name === 'get_user')!.description!;
    } finally {
      await client.close();
    }
  }

  it('is shared between requests, and a price change (a reloaded book) or a workspace’s own price shows at once', async () => {
    const platform = getServedPlatforms().defaultPlatform;
    expect(catalogFor(['read'], platform, 'ws_same')).toBe(catalogFor(['read'], platform, 'ws_same'));
    expect(catalogFor(['read'], platform, 'ws_same')).not.toBe(catalogFor(['read', 'write'], platform, 'ws_same'));

    const [mine, other] = await Promise.all([createApiAccount({ label: 'mcp-catalog', scopes: ['read'] }), createApiAccount({ label: 'mcp-catalog-other', scopes: ['read'] })]);
    expect(await getUserDescription(mine)).toContain(`${PRICE.profile} credits per profile returned`);
    await setPriceOverride({ workspaceId: mine.userId, platform: null, operation: 'getUser', unitCredits: PRICE.profile + 3, createdBy: 'mcp catalog test' });
    expect(await getUserDescription(mine)).toContain(`${PRICE.profile + 3} credits per profile returned`);
    expect(await getUserDescription(other)).toContain(`${PRICE.profile} credits per profile returned`);
  });
});

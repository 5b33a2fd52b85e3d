import { beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '@/lib/api/define-operation';
import { dispatch } from '@/lib/api/dispatch';
import { ALL_SOURCES, callerName, sourceName } from '@/lib/dashboard/call-source';
import { getUsage } from '@/lib/dashboard/get-usage';
import { listRequests, parseRequestLogFilters } from '@/lib/dashboard/request-log';
import { requestLogCsv } from '@/lib/dashboard/request-log-csv';
import { getPool } from '@/lib/db/pool';
import { flushMetering } from '@/lib/metering/meter';
import { apiRequest, createApiAccount, readAnswer, type ApiAccount } from '../support/api-client';
import { expectSuccess } from '../support/api-records';

// Issue 33, item 6: an AI agent's tool calls (usage source `mcp`, made with a key) stand apart
// in the request log (filter, label, CSV) and on the Usage page (inside the key's figures), while
// the key's totals stay those of GET /v2/usage. Through the real dispatch, hold/settle and flush.

let account: ApiAccount;
let other: ApiAccount;
let username: string;

async function asAgent(who: ApiAccount, path: string) {
  const caller: Caller = { userId: who.userId, keyId: who.keyId, scopes: ['read'], source: 'mcp' };
  const answer = await readAnswer(await dispatch(apiRequest('GET', path), { caller }));
  expectSuccess(answer);
  return answer;
}

beforeAll(async () => {
  account = await createApiAccount({ label: 'mcpsources', credits: 100_000 });
  other = await createApiAccount({ label: 'mcpsources-other', credits: 100_000 });
  const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY id LIMIT 1');
  username = rows[0].username;
  // The key used twice by an agent and once directly; another key only directly.
  await asAgent(account, `/v2/users/${username}`);
  await asAgent(account, `/v2/users/${username}`);
  expectSuccess(await account.call('GET', `/v2/users/${username}`));
  expectSuccess(await other.call('GET', `/v2/users/${username}`));
  await flushMetering();
});

describe('MCP calls in the request log', () => {
  it('are a source of their own: listed in the filter, selected by it, named as the key through MCP', async () => {
    expect(ALL_SOURCES).toContain('mcp');
    expect(sourceName('mcp')).toBe('MCP (AI agents)');
    const mcp = await listRequests(account.userId, parseRequestLogFilters(new URLSearchParams({ source: 'mcp' })));
    expect(mcp.requests.map((r) => [r.operation, r.source, r.keyId])).toEqual([
      ['getUser', 'mcp', account.keyId],
      ['getUser', 'mcp', account.keyId],
    ]);
    expect(callerName(mcp.requests[0].keyName, mcp.requests[0].source)).toBe('api test key (MCP (AI agents))');
    const api = await listRequests(account.userId, parseRequestLogFilters(new URLSearchParams({ source: 'api' })));
    expect(api.requests.map((r) => r.source)).toEqual(['api']);
    const csv = await new Response(requestLogCsv(account.userId, parseRequestLogFilters(new URLSearchParams({ source: 'mcp' })))).text();
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    for (const line of lines.slice(1)) expect(line).toContain(',api test key (MCP (AI agents)),mcp,getUser,200,');
  });
});

describe('MCP calls on the Usage page', () => {
  it('are the key’s MCP share, per day too, inside its unchanged totals', async () => {
    const usage = await getUsage(account.userId, 7);
    expect(usage.byKey).toHaveLength(1);
    const [key] = usage.byKey;
    expect(key).toMatchObject({ keyId: account.keyId, name: 'api test key', calls: 3, credits: 3 * 18, mcp: { calls: 2, credits: 2 * 18 } });
    const today = key.days.at(-1)!;
    expect(today).toMatchObject({ calls: 3, credits: 54, mcpCredits: 36 });
    expect(key.days.slice(0, -1).every((d) => d.mcpCredits === 0)).toBe(true);
  });

  it('a key no agent used has no MCP share', async () => {
    const [key] = (await getUsage(other.userId, 7)).byKey;
    expect(key).toMatchObject({ calls: 1, mcp: { calls: 0, credits: 0 } });
  });
});

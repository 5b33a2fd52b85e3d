import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@/lib/admin/create-account';
import { issueKey } from '@/lib/keys/issue-key';
import { apiRequest, createApiAccount, expectLedgersBalanced, readAnswer, type ApiAccount } from '../support/api-client';
import { expectError, expectSuccess } from '../support/api-records';
import { startServer, type RunningServer } from '../support/api-server';
import { browser, fetchPage, inAnyWorkspace, signInOverHttp } from '../support/dashboard-http';
import { consentAtFakeX, startFakeX, type FakeX } from '../support/fake-x-api';
import { describePlatformContract } from '../support/platform-contract';
import { X_IDS as I, xContractSubjects, xWorld } from '../support/x-world';

// The production server started with PERCH_PLATFORM=x and its X settings from the environment,
// pointed at the fake X API (its certificate trusted through NODE_EXTRA_CA_CERTS), and the
// platform contract run against it over real HTTP.

process.env.PERCH_CURSOR_SECRET ??= 'x-server-test-cursor-secret';

let fake: FakeX;
let server: RunningServer;
let account: ApiAccount;

beforeAll(async () => {
  fake = await startFakeX(xWorld());
  server = await startServer(process.env.DATABASE_URL!, {
    PERCH_PLATFORM: 'x',
    PERCH_X_BEARER_TOKEN: fake.bearerToken,
    PERCH_X_API_URL: fake.url,
    PERCH_X_CLIENT_ID: fake.client.id,
    PERCH_X_CLIENT_SECRET: fake.client.secret,
    PERCH_X_AUTHORIZE_URL: `${fake.url}/i/oauth2/authorize`,
    NODE_EXTRA_CA_CERTS: fake.certificateFile,
    PERCH_UPSTREAM_CACHE_SECONDS: '0',
    PERCH_CURSOR_SECRET: process.env.PERCH_CURSOR_SECRET!,
    // Per-call database holds: balances read right after a call are final.
    PERCH_CREDIT_LEASES: '0',
  });
  const direct = await createApiAccount({ label: 'x-server' });
  // The same account, its calls sent over HTTP to server.ts.
  account = {
    ...direct,
    call: async (method, path, options = {}) => {
      const request = apiRequest(method, path, { ...options, key: direct.key });
      const url = new URL(request.url);
      const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
      return readAnswer(await fetch(`${server.url}${url.pathname}${url.search}`, { method, headers: request.headers, body }));
    },
  };
}, 10 * 60_000);

afterAll(async () => {
  await server?.stop();
  await fake?.close();
  await expectLedgersBalanced();
});

describePlatformContract('x', () => xContractSubjects(account, '/v2/communities/123/tweets'));

describe('server.ts serving X', () => {
  it('the dashboard connects an X account through X’s consent page and disconnects it', async () => {
    const email = `x-dashboard-${process.pid}-${Date.now()}@perch.test`;
    const { id: userId } = await createAccount({ email, password: 'correct horse battery', credits: 10_000 });
    const b = browser(server.url);
    expect((await signInOverHttp(b, email, 'correct horse battery')).ok).toBe(true);
    expect(await (await fetchPage(b, '/dashboard/connections')).text()).toContain('Connect X account');

    const start = await b.fetch('/dashboard/connections/x/connect', { method: 'POST', headers: { origin: server.url } });
    expect(start.status).toBe(303);
    expect(b.cookies.has('perch_x_connect_flow')).toBe(true);
    const back = await consentAtFakeX(fake, start.headers.get('location')!, 'carol');
    expect(`${back.origin}${back.pathname}`).toBe(`${server.url}/dashboard/connections/x/callback`);
    const callback = await b.fetch(`${back.pathname}${back.search}`);
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toMatch(inAnyWorkspace('/dashboard/connections?x=connected'));
    // React separates text nodes with empty comments in server-rendered HTML.
    const page = (await (await fetchPage(b, '/dashboard/connections?x=connected')).text()).replaceAll('<!-- -->', '');
    expect(page).toContain('X account connected.');
    expect(page).toContain('Writes on X act as @carol.');

    // The connection is what writes on X act as.
    const key = await issueKey({ userId, name: 'x writes', scopes: ['read', 'write'] });
    const like = await fetch(`${server.url}/v2/tweets/${I.second}/like`, { method: 'POST', headers: { authorization: `Bearer ${key.key}` } });
    expect(like.status).toBe(200);
    expect(fake.world.likes).toContainEqual([I.carol, I.second]);

    const gone = await b.fetch('/dashboard/connections/x/disconnect', { method: 'POST', headers: { origin: server.url } });
    expect(gone.headers.get('location')).toMatch(inAnyWorkspace('/dashboard/connections?x=disconnected'));
    expect(await (await fetchPage(b, '/dashboard/connections')).text()).toContain('Connect X account');
  });

  it('says so on /v2/account, and every upstream call reached the fake', async () => {
    const me = await account.call('GET', '/v2/account');
    expectSuccess(me);
    expect(me.body.data.platforms).toEqual({ default: 'x', available: ['x'], current: 'x' });
    expect(fake.calls.some((call) => call.startsWith('GET /2/users/by/username/alice'))).toBe(true);
    expect(fake.unmatched).toEqual([]);
  });

  it('the embedded platform is not served unless listed', async () => {
    const answer = await account.call('GET', '/v2/users/alice', { headers: { 'perch-platform': 'local' } });
    expectError(answer, 400, 'invalid_request');
  });
});

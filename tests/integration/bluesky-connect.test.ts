import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccountDirectly } from '@/lib/admin/connect-account';
import { createAccount } from '@/lib/admin/create-account';
import { getPool } from '@/lib/db/pool';
import { issueKey } from '@/lib/keys/issue-key';
import { UnavailableError } from '@/lib/platform/errors';
import { verifyAppPassword } from '@/lib/platform/bluesky/verify-app-password';
import { freePort } from '@/lib/server/free-port';
import { startServer, type RunningServer } from '../support/api-server';
import { answerAuthorizePage } from '../support/atproto-authorize-page';
import { startAtprotoNetwork, type AtprotoNetwork } from '../support/atproto-network';
import { createAppPassword } from '../support/bluesky-world';
import { browser, fetchPage, inAnyWorkspace, signInOverHttp, type Browser } from '../support/dashboard-http';
import { createFixtureUsers } from '../support/platform-fixtures';

// Connecting a Bluesky account from the dashboard, over real HTTP: server.ts serving Bluesky
// from a real local AT Protocol network (@atproto/dev-env), a browser's session cookie, the
// dashboard's routes (app password, and atproto OAuth against the PDS's own authorization
// server), then a /v2 write that must land in the account's repository on the PDS.

const PASSWORD = 'correct horse battery';
const ROUTE = '/api/dashboard/connections/bluesky';
let atproto: AtprotoNetwork;
let server: RunningServer;
let dan: { did: string; handle: string; password: string; appPassword: string };
let counter = 0;

beforeAll(async () => {
  atproto = await startAtprotoNetwork();
  const sc = atproto.network.getSeedClient();
  await sc.createAccount('dan', { email: 'dan@perch.test', handle: 'dan.test', password: 'dan-own-password' });
  await atproto.network.processAll();
  dan = { did: sc.dids.dan, handle: 'dan.test', password: 'dan-own-password', appPassword: await createAppPassword(atproto, 'dan.test', 'dan-own-password') };
  // Sign in with Bluesky as atproto's loopback development client: the redirect URI must be
  // this server's own 127.0.0.1 address, so its port is picked here.
  const port = await freePort();
  server = await startServer(process.env.DATABASE_URL!, {
    PORT: String(port),
    PERCH_PUBLIC_URL: `http://127.0.0.1:${port}`,
    PERCH_BLUESKY_PLC_URL: atproto.network.plc.url,
    ADMIN_EMAILS: '',
    PERCH_PLATFORM: 'bluesky',
    PERCH_PLATFORMS: 'local',
    PERCH_BLUESKY_APPVIEW_URL: atproto.appViewUrl,
    PERCH_BLUESKY_SERVICE_URL: atproto.pdsUrl,
    PERCH_UPSTREAM_CACHE_SECONDS: '0',
  });
}, 10 * 60_000);

afterAll(async () => {
  await server?.stop();
  await atproto?.stop();
});

/** A new Perch account with credits and a write key, signed in over HTTP. */
async function signedInAccount(): Promise<{ userId: string; key: string; b: Browser }> {
  const email = `bluesky-connect-${process.pid}-${Date.now()}-${counter++}@connect.test`;
  const { id } = await createAccount({ email, password: PASSWORD, credits: 10_000 });
  const { key } = await issueKey({ userId: id, name: 'bluesky', scopes: ['read', 'write'] });
  const b = browser(server.url);
  const signedIn = await signInOverHttp(b, email, PASSWORD);
  expect(signedIn.ok, signedIn.url).toBe(true);
  return { userId: id, key, b };
}

async function storedConnection(userId: string) {
  const { rows } = await getPool().query<{ did: string; handle: string; app_password_enc: string }>(
    'SELECT did, handle, app_password_enc FROM bluesky_connections WHERE user_id = $1',
    [userId],
  );
  return rows[0] ?? null;
}

async function v2(key: string, method: string, path: string, body?: unknown) {
  const response = await fetch(new URL(path, server.url), {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown>; error?: { code: string; message: string } } };
}

/** Posts through /v2 with the key and reads the record back from dan's repository on the PDS. */
async function expectPostOnPds(key: string, text: string): Promise<void> {
  const created = await v2(key, 'POST', '/v2/tweets/create', { text });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect(created.body.data).toMatchObject({ author_id: dan.did, text });
  const rkey = String(created.body.data!.id).split('~')[1];
  const record = await atproto.network.pds.getClient().com.atproto.repo.getRecord({ repo: dan.did, collection: 'app.bsky.feed.post', rkey });
  expect(record.data.value).toMatchObject({ text });
}

describe('connecting Bluesky from the dashboard', () => {
  it('a handle and app password are checked at the PDS and stored sealed; a /v2 write then lands in the account’s repository', async () => {
    const { userId, key, b } = await signedInAccount();
    // The embedded platform's connection lives beside it: both platforms are served.
    const [localUser] = await createFixtureUsers(getPool(), 1);
    await connectAccountDirectly(userId, localUser.username);

    const connected = await b.json(ROUTE, { identifier: '@DAN.test', appPassword: dan.appPassword });
    expect(connected).toEqual({ status: 200, body: { connected: true, did: dan.did, handle: dan.handle } });
    const row = await storedConnection(userId);
    expect(row).toMatchObject({ did: dan.did, handle: dan.handle });
    expect(row!.app_password_enc).toMatch(/^v1\./);
    expect(row!.app_password_enc).not.toContain(dan.appPassword);

    const page = await fetchPage(b, '/dashboard/connections');
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain(`Connected Bluesky account @${dan.handle}`);
    expect(html).toContain(`Connected account @${localUser.username}`);
    expect(html).toContain('Embedded platform account');

    const account = await v2(key, 'GET', '/v2/account');
    expect(account.body.data?.connected_account).toEqual({ username: dan.handle });
    await expectPostOnPds(key, 'dan connected from the dashboard');
    // The local connection is untouched: the embedded platform still acts as its own user.
    const local = await fetch(new URL('/v2/account', server.url), { headers: { authorization: `Bearer ${key}`, 'perch-platform': 'local' } });
    expect(((await local.json()) as { data: { connected_account: unknown } }).data.connected_account).toEqual({ username: localUser.username });

    const disconnected = await b.fetch(ROUTE, { method: 'DELETE' });
    expect(await disconnected.json()).toEqual({ disconnected: true });
    expect(await storedConnection(userId)).toBeNull();
    const refused = await v2(key, 'POST', '/v2/tweets/create', { text: 'after disconnect' });
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 'account_not_connected' } } });
  });

  it('a wrong app password, an unknown handle and the account’s own password are refused by field, and nothing is stored', async () => {
    const { userId, b } = await signedInAccount();
    const wrong = await b.json(ROUTE, { identifier: dan.handle, appPassword: 'aaaa-bbbb-cccc-dddd' });
    expect(wrong.status).toBe(400);
    expect((wrong.body.errors as Record<string, string>).appPassword).toMatch(/Bluesky refused the app password for dan\.test/);
    const unknown = await b.json(ROUTE, { identifier: 'nobody.test', appPassword: dan.appPassword });
    expect(unknown.status).toBe(400);
    expect((unknown.body.errors as Record<string, string>).identifier).toMatch(/No Bluesky account has the handle nobody\.test/);
    const own = await b.json(ROUTE, { identifier: dan.handle, appPassword: dan.password });
    expect(own.status).toBe(400);
    expect((own.body.errors as Record<string, string>).appPassword).toMatch(/account’s own password: create an app password/);
    const empty = await b.json(ROUTE, { identifier: ' ', appPassword: '' });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.errors as Record<string, string>).sort()).toEqual(['appPassword', 'identifier']);
    expect(await storedConnection(userId)).toBeNull();
    // A DID works as well as a handle.
    expect(await b.json(ROUTE, { identifier: dan.did, appPassword: dan.appPassword })).toMatchObject({ status: 200, body: { handle: dan.handle } });
  });

  it('signed out is 401, another site is 403, and neither stores anything', async () => {
    const anonymous = browser(server.url);
    expect((await anonymous.json(ROUTE, { identifier: dan.handle, appPassword: dan.appPassword })).status).toBe(401);
    const { userId, b } = await signedInAccount();
    const forged = await b.fetch(ROUTE, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://attacker.example' },
      body: JSON.stringify({ identifier: dan.handle, appPassword: dan.appPassword }),
    });
    expect(forged.status).toBe(403);
    expect(await storedConnection(userId)).toBeNull();
  });

  it('a PDS that cannot be reached is Bluesky unavailable, not a refused password', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    await expect(verifyAppPassword(closed, dan.handle, dan.appPassword, 2_000)).rejects.toBeInstanceOf(UnavailableError);
  });
});

describe('Sign in with Bluesky (atproto OAuth, the loopback development client)', () => {
  const OAUTH_ROUTE = '/api/dashboard/connections/bluesky/oauth';

  async function start(b: Browser, handle = dan.handle): Promise<string> {
    const started = await b.json(OAUTH_ROUTE, { handle });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const authorizeUrl = String(started.body.authorize_url);
    expect(authorizeUrl.startsWith(`${atproto.pdsUrl}/oauth/authorize?`)).toBe(true);
    return authorizeUrl;
  }

  /** OAuth tokens the PDS's authorization server holds for dan: a revoked session has none. */
  async function pdsTokens(): Promise<number> {
    const rows = await atproto.network.pds.ctx.accountManager.db.db.selectFrom('token').select('tokenId').where('did', '=', dan.did).execute();
    return rows.length;
  }

  async function sessionRow(did: string) {
    const { rows } = await getPool().query<{ value_enc: string }>('SELECT value_enc FROM bluesky_oauth_sessions WHERE did = $1', [did]);
    return rows[0] ?? null;
  }

  it('approving on the PDS connects the account without a password; writes act as it; Disconnect revokes the session', async () => {
    const { userId, key, b } = await signedInAccount();
    const back = await answerAuthorizePage(await start(b, '@Dan.test'), dan.handle, dan.password);
    const callback = new URL(back);
    expect(callback.origin + callback.pathname).toBe(`${server.url}/dashboard/connections/bluesky/callback`);
    const landed = await b.fetch(callback.pathname + callback.search);
    expect(landed.status).toBe(303);
    expect(landed.headers.get('location')).toMatch(inAnyWorkspace('/dashboard/connections?bluesky=connected'));
    const { rows } = await getPool().query('SELECT did, handle, linked_via, app_password_enc FROM bluesky_connections WHERE user_id = $1', [userId]);
    expect(rows).toEqual([{ did: dan.did, handle: dan.handle, linked_via: 'oauth', app_password_enc: null }]);
    const stored = await sessionRow(dan.did);
    expect(stored?.value_enc).toMatch(/^v1\./);
    expect(stored?.value_enc).not.toMatch(/[{}"]/); // sealed: no JSON in the clear
    expect(await pdsTokens()).toBe(1);
    const page = await (await fetchPage(b, '/dashboard/connections?bluesky=connected')).text();
    expect(page).toContain('Connected with Bluesky sign-in');
    expect(page).toContain(`Connected @${dan.handle} on Bluesky.`);

    await expectPostOnPds(key, 'dan signed in with Bluesky');

    // The callback works once: its state is spent.
    const replayed = await b.fetch(callback.pathname + callback.search);
    expect(replayed.headers.get('location')).toMatch(inAnyWorkspace('/dashboard/connections?bluesky_error=expired'));

    const disconnected = await b.fetch(ROUTE, { method: 'DELETE' });
    expect(await disconnected.json()).toEqual({ disconnected: true });
    expect(await sessionRow(dan.did)).toBeNull();
    expect(await pdsTokens()).toBe(0);
    const refused = await v2(key, 'POST', '/v2/tweets/create', { text: 'after disconnect' });
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 'account_not_connected' } } });
  });

  it('an app password replaces an OAuth connection, and its OAuth session is ended', async () => {
    const { userId, key, b } = await signedInAccount();
    const back = new URL(await answerAuthorizePage(await start(b), dan.handle, dan.password));
    expect((await b.fetch(back.pathname + back.search)).headers.get('location')).toMatch(inAnyWorkspace('/dashboard/connections?bluesky=connected'));
    expect(await pdsTokens()).toBe(1);
    expect((await b.json(ROUTE, { identifier: dan.handle, appPassword: dan.appPassword })).status).toBe(200);
    const { rows } = await getPool().query('SELECT linked_via FROM bluesky_connections WHERE user_id = $1', [userId]);
    expect(rows).toEqual([{ linked_via: 'app_password' }]);
    expect(await sessionRow(dan.did)).toBeNull();
    expect(await pdsTokens()).toBe(0);
    await expectPostOnPds(key, 'dan is back on an app password');
    expect(await (await b.fetch(ROUTE, { method: 'DELETE' })).json()).toEqual({ disconnected: true });
  });

  it('refusing on the PDS, a callback reached by another Perch account, and an unknown handle connect nothing', async () => {
    const { userId, b } = await signedInAccount();
    const refusedBack = new URL(await answerAuthorizePage(await start(b), dan.handle, dan.password, 'refuse'));
    expect(refusedBack.searchParams.get('error')).toBe('access_denied');
    expect((await b.fetch(refusedBack.pathname + refusedBack.search)).headers.get('location')).toMatch(inAnyWorkspace('/dashboard/connections?bluesky_error=denied'));

    const back = new URL(await answerAuthorizePage(await start(b), dan.handle, dan.password));
    const other = await signedInAccount();
    expect((await other.b.fetch(back.pathname + back.search)).headers.get('location')).toMatch(inAnyWorkspace('/dashboard/connections?bluesky_error=wrong_account'));
    expect(await storedConnection(userId)).toBeNull();
    expect(await storedConnection(other.userId)).toBeNull();
    // Nobody connects through the session that callback created: it is revoked, not kept.
    expect(await sessionRow(dan.did)).toBeNull();
    expect(await pdsTokens()).toBe(0);

    const unknown = await b.json(OAUTH_ROUTE, { handle: 'nobody.test' });
    expect(unknown.status).toBe(400);
    expect((unknown.body.errors as Record<string, string>).handle).toMatch(/No Bluesky account was found for nobody\.test/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@/lib/admin/create-account';
import { getPool } from '@/lib/db/pool';
import { issueKey } from '@/lib/keys/issue-key';
import { saveBlueskyConnection } from '@/lib/connections/bluesky-connection';
import { saveXConnection } from '@/lib/connections/x-connection';
import { startServer, type RunningServer } from '../support/api-server';
import { browser, sessionState, signInOverHttp, signOutOverHttp, type Browser } from '../support/dashboard-http';

// Sessions end when they should, checked over real HTTP against server.ts (next-auth and the
// dashboard routes as a browser reaches them): a copied session cookie is refused after
// sign-out, after a password change made elsewhere, and after the account is deleted. And
// failed sign-ins throttle the address that made them, not the account's owner.

const PASSWORD = 'correct horse battery';
let server: RunningServer;
let counter = 0;
const email = (label: string) => `${label}-${process.pid}-${Date.now()}-${counter++}@sessions.test`;

beforeAll(async () => {
  // Trusting the proxy lets the throttle test below speak from several client addresses.
  server = await startServer(process.env.DATABASE_URL!, { ADMIN_EMAILS: '', PERCH_TRUST_PROXY: '1' });
}, 10 * 60_000);

afterAll(async () => {
  await server?.stop();
});

async function signedIn(address: string, password = PASSWORD): Promise<Browser> {
  const b = browser(server.url);
  const result = await signInOverHttp(b, address, password);
  expect(result.ok, result.url).toBe(true);
  const state = await sessionState(b);
  expect(state.keysStatus).toBe(200);
  expect((state.session.user as { email?: string } | undefined)?.email).toBe(address);
  return b;
}

/** A second jar holding a copy of this one's cookies, as an attacker who copied them would. */
const copyOf = (b: Browser) => browser(server.url, new Map(b.cookies));

describe('dashboard sessions over HTTP', () => {
  it('sign-out ends the session: a copy of the old cookie no longer reads the session or the dashboard', async () => {
    const address = email('signout');
    await createAccount({ email: address, password: PASSWORD, credits: 0 });
    const b = await signedIn(address);
    const stolen = copyOf(b);
    expect((await sessionState(stolen)).keysStatus).toBe(200);
    await signOutOverHttp(b);
    expect(await sessionState(stolen)).toEqual({ session: {}, keysStatus: 401 });
    // Another browser of the same account is not signed out with it.
    const other = await signedIn(address);
    await signedIn(address);
    expect((await sessionState(other)).keysStatus).toBe(200);
  });

  it('a password change ends every other session, keeps the one that made it, and the new password works', async () => {
    const address = email('password');
    await createAccount({ email: address, password: PASSWORD, credits: 0 });
    const here = await signedIn(address);
    const elsewhere = await signedIn(address);
    const wrong = await here.json('/api/dashboard/account/password', { currentPassword: 'not the password', newPassword: 'a brand new password' });
    expect(wrong).toEqual({ status: 400, body: { error: 'fix the highlighted fields', errors: { currentPassword: 'That is not your current password' } } });
    expect((await sessionState(elsewhere)).keysStatus).toBe(200);
    const changed = await here.json('/api/dashboard/account/password', { currentPassword: PASSWORD, newPassword: 'a brand new password' });
    expect(changed.status).toBe(200);
    expect(await sessionState(elsewhere)).toEqual({ session: {}, keysStatus: 401 });
    expect((await sessionState(here)).keysStatus).toBe(200);
    expect((await signInOverHttp(browser(server.url), address, PASSWORD)).ok).toBe(false);
    await signedIn(address, 'a brand new password');
  });

  it('deleting the account ends its sessions, revokes its keys and frees the email; the ledger stays', async () => {
    const address = email('delete');
    const { id } = await createAccount({ email: address, password: PASSWORD, credits: 500 });
    const key = await issueKey({ userId: id, name: 'doomed', scopes: ['read'] });
    // Upstream connections with sealed credentials: they must not outlive the account.
    await saveBlueskyConnection(id, { did: `did:plc:${id}`, handle: 'doomed.bsky.social', identifier: 'doomed.bsky.social', serviceUrl: 'https://bsky.social' }, 'abcd-efgh-ijkl-mnop');
    await saveXConnection(id, { id: '1234567', username: 'doomed' }, { accessToken: 'access', refreshToken: 'refresh', expiresIn: 7200, scope: ['tweet.read', 'tweet.write'] });
    const b = await signedIn(address);
    const stolen = copyOf(b);
    expect((await b.json('/api/dashboard/account/delete', { password: 'wrong password' })).status).toBe(400);
    expect((await b.json('/api/dashboard/account/delete', { password: PASSWORD })).status).toBe(200);
    expect(await sessionState(stolen)).toEqual({ session: {}, keysStatus: 401 });
    expect(await sessionState(b)).toEqual({ session: {}, keysStatus: 401 });
    const v2 = await fetch(`${server.url}/v2/account`, { headers: { authorization: `Bearer ${key.key}` } });
    expect(v2.status).toBe(401);
    const { rows } = await getPool().query(
      `SELECT u.deleted_at IS NOT NULL AS deleted, u.password_hash, b.balance::int, (SELECT sum(amount)::int FROM credit_grants g WHERE g.user_id = u.id) AS granted,
              (SELECT count(*)::int FROM sessions s WHERE s.user_id = u.id) AS sessions,
              (SELECT count(*)::int FROM bluesky_connections c WHERE c.user_id = u.id) + (SELECT count(*)::int FROM x_connections c WHERE c.user_id = u.id) AS upstream_connections
         FROM users u JOIN credit_balances b ON b.user_id = u.id WHERE u.id = $1`,
      [id],
    );
    expect(rows).toEqual([{ deleted: true, password_hash: null, balance: 500, granted: 500, sessions: 0, upstream_connections: 0 }]);
    // The email can sign up again, as a new account.
    const again = await createAccount({ email: address, password: PASSWORD, credits: 0 });
    expect(again.id).not.toBe(id);
  });
});

describe('sign-in throttle over HTTP', () => {
  it('slows the address that keeps guessing; the owner on another address signs in at once', async () => {
    const address = email('victim');
    await createAccount({ email: address, password: PASSWORD, credits: 0 });
    const attacker = () => browser(server.url, new Map(), { 'x-forwarded-for': '10.20.0.1' });
    for (let i = 0; i < 6; i++) {
      const attempt = await signInOverHttp(attacker(), address, `guess number ${i}`);
      expect(attempt.ok).toBe(false);
    }
    const blocked = await signInOverHttp(attacker(), address, PASSWORD);
    expect(blocked.ok).toBe(false);
    expect(decodeURIComponent(new URL(blocked.url).searchParams.get('error') ?? '')).toMatch(/Too many failed sign-in attempts from this address\. Try again in \d+ seconds?\./);
    const owner = browser(server.url, new Map(), { 'x-forwarded-for': '10.20.0.2' });
    expect((await signInOverHttp(owner, address, PASSWORD)).ok).toBe(true);
    expect((await sessionState(owner)).keysStatus).toBe(200);
  });
});

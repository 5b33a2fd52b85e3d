import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@/lib/admin/create-account';
import { getPool } from '@/lib/db/pool';
import { NUL_MESSAGE } from '@/lib/db/unstorable-text';
import { startServer, type RunningServer } from '../support/api-server';
import { browser, signInOverHttp, type Browser } from '../support/dashboard-http';

// Issue 26, point 5, for the dashboard: every JSON route reads its body through one reader,
// which refuses text PostgreSQL cannot store (NUL, a lone surrogate) by field: 400 with the
// field in `errors` (beside the form's input) and nothing stored. Query strings and path
// segments of the dashboard's routes likewise. Over real HTTP against server.ts.

const PASSWORD = 'correct horse battery';
const ADMIN = `nul-admin-${process.pid}-${Date.now()}@unstorable.test`;
let server: RunningServer;
let admin: Browser;
let adminId: string;
let keyId: string;

beforeAll(async () => {
  server = await startServer(process.env.DATABASE_URL!, { ADMIN_EMAILS: ADMIN });
  adminId = (await createAccount({ email: ADMIN, password: PASSWORD, credits: 1_000 })).id;
  admin = browser(server.url);
  expect((await signInOverHttp(admin, ADMIN, PASSWORD)).ok).toBe(true);
  const created = await admin.json('/api/dashboard/keys', { name: 'kept', scopes: ['read'] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  keyId = String((created.body.key as { id: string }).id);
}, 10 * 60_000);

afterAll(async () => {
  await server?.stop();
});

/**
 * Each JSON route with a body it reads, by field; the method is POST unless given. (Checkout
 * and the Bluesky connection read theirs the same way, but answer 404 first on a deployment
 * without Stripe or Bluesky, as this one is.)
 */
const ROUTES: Array<{ path: () => string; method?: 'PATCH'; body: Record<string, unknown> }> = [
  { path: () => '/api/dashboard/keys', body: { name: 'a key', scopes: ['read'], creditLimit: '', expiresOn: '' } },
  { path: () => `/api/dashboard/keys/${keyId}`, method: 'PATCH', body: { name: 'renamed', creditLimit: '', expiresOn: '' } },
  { path: () => `/api/dashboard/keys/${keyId}/rotate`, body: { graceHours: '1' } },
  { path: () => '/api/dashboard/billing/alert', method: 'PATCH', body: { threshold: '100' } },
  { path: () => '/api/dashboard/account/password', body: { currentPassword: PASSWORD, newPassword: 'another good password' } },
  { path: () => '/api/dashboard/account/two-factor/confirm', body: { code: '123456' } },
  { path: () => '/api/dashboard/account/two-factor/disable', body: { password: PASSWORD } },
  { path: () => '/api/dashboard/account/delete', body: { password: PASSWORD, confirmEmail: ADMIN } },
  { path: () => '/api/dashboard/admin/grants', body: { email: ADMIN, amount: '5', reason: 'goodwill' } },
  { path: () => '/api/account/password-reset', body: { email: ADMIN } },
  { path: () => '/api/account/reset-password', body: { token: 'x'.repeat(43), password: 'another good password' } },
  { path: () => '/api/account/verify-email', body: { token: 'x'.repeat(43) } },
];

async function send(b: Browser, method: string, path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await b.fetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function stored(): Promise<unknown> {
  const pool = getPool();
  return {
    keys: (await pool.query('SELECT id, name, credit_limit, expires_at, revoked_at FROM api_keys WHERE user_id = $1 ORDER BY id', [adminId])).rows,
    user: (await pool.query('SELECT email, password_hash, deleted_at, totp_enabled_at FROM users WHERE id = $1', [adminId])).rows,
    grants: (await pool.query('SELECT count(*)::int AS n FROM credit_grants WHERE user_id = $1', [adminId])).rows,
    alert: (await pool.query('SELECT * FROM balance_alerts WHERE user_id = $1', [adminId])).rows,
  };
}

describe('the dashboard refuses text the database cannot store', () => {
  it('every field of every JSON route: 400 naming the field, nothing stored', async () => {
    const before = await stored();
    const wrong: string[] = [];
    let cases = 0;
    for (const route of ROUTES) {
      for (const field of Object.keys(route.body)) {
        for (const bad of ['a\u0000b', 'a\ud800b']) {
          cases += 1;
          const answer = await send(admin, route.method ?? 'POST', route.path(), { ...route.body, [field]: bad });
          const errors = (answer.body.errors ?? {}) as Record<string, string>;
          if (answer.status !== 400 || !errors[field] || !String(answer.body.error).startsWith(`${field}: `)) {
            wrong.push(`${route.method ?? 'POST'} ${route.path()} ${field} ${JSON.stringify(bad)} → ${answer.status} ${JSON.stringify(answer.body)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(cases).toBeGreaterThan(40);
    expect(await stored()).toEqual(before);
    // Still signed in with the same password: no route above changed anything.
    expect((await admin.json('/api/dashboard/keys')).status).toBe(200);
  });

  it('an array element is named by its field, and the message says what to do', async () => {
    const answer = await send(admin, 'POST', '/api/dashboard/keys', { name: 'k', scopes: ['read', 'wr\u0000ite'] });
    expect(answer).toEqual({ status: 400, body: { error: `scopes.1: ${NUL_MESSAGE}`, errors: { scopes: 'Remove the NUL characters (U+0000): they cannot be stored' } } });
  });

  it('query parameters and path segments with NUL are 400 naming them, not 500', async () => {
    for (const [path, field] of [
      ['/api/dashboard/requests?operation=get%00User', 'operation'],
      ['/api/dashboard/requests?key=k%00', 'key'],
      ['/api/dashboard/usage/export?kind=events%00', 'kind'],
    ]) {
      const response = await admin.fetch(path);
      const body = (await response.json()) as { error: string; errors: Record<string, string> };
      expect({ path, status: response.status, error: body.error, field: Boolean(body.errors?.[field]) }).toEqual({ path, status: 400, error: `${field}: ${NUL_MESSAGE}`, field: true });
    }
    const patched = await send(admin, 'PATCH', `/api/dashboard/keys/${keyId}%00`, { name: 'x' });
    expect(patched).toEqual({ status: 400, body: { error: `path: ${NUL_MESSAGE}`, errors: { path: NUL_MESSAGE } } });
  });

  it('the dashboard’s /v2 answers in the API’s envelope, naming the field', async () => {
    const response = await admin.fetch('/api/dashboard/v2/rules', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-perch-dashboard': '1' },
      body: JSON.stringify({ tag: 'n\u0000ul', query: 'x' }),
    });
    const body = (await response.json()) as { error: { code: string; details: unknown } };
    expect(response.status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_request', details: [{ path: 'tag', message: NUL_MESSAGE }] });
  });
});

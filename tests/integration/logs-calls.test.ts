import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@/lib/admin/create-account';
import { getPool } from '@/lib/db/pool';
import { waitFor } from '../support/account-fixtures';
import { startServer, type RunningServer } from '../support/api-server';
import { browser, signInOverHttp, type Browser } from '../support/dashboard-http';

// Issue 34, item 2, on the production entry (server.ts and its dashboard process): every line
// the server writes is a JSON record; one 'call' record per /v2 call with its request id, key,
// account, operation, outcome, credits and time, from the main process and from the dashboard's
// (the playground); no key secret and no password anywhere in the output, though both went
// through the server; PERCH_LOG_LEVEL=warn writes no call line; an invalid level stops the start.

type LogRecord = { level: number; time: string; msg: string; component?: string; [field: string]: unknown };

const run = crypto.randomBytes(4).toString('hex');
const PASSWORD = `logs password ${run} Secret!`;
const WRONG_PASSWORD = `wrong password ${run} Secret?`;
const BOGUS_KEY = `perch_live_bogus${run}0000000000000000000000`;
let server: RunningServer;
let person: { id: string; b: Browser };
let key: { id: string; key: string };
let username: string;

/** Every line of the server's output, parsed: a line that is not a JSON record fails the test. */
function records(output = server.output()): LogRecord[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as LogRecord;
      } catch {
        throw new Error(`not a JSON record: ${line}`);
      }
    });
}

const callLines = () => records().filter((record) => record.msg === 'call');

async function v2(path: string, secret: string): Promise<{ status: number; requestId: string | null; body: { meta?: { request_id: string; credits_charged: number }; error?: { code: string } } }> {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${secret}` } });
  return { status: response.status, requestId: response.headers.get('x-request-id'), body: await response.json() };
}

beforeAll(async () => {
  server = await startServer(process.env.DATABASE_URL!, { PERCH_LOG_LEVEL: 'info' });
  const email = `logs-${run}@logs.test`;
  const { id } = await createAccount({ email, password: PASSWORD, credits: 100_000 });
  // A refused sign-in and an accepted one: both passwords reach the dashboard's process.
  expect((await signInOverHttp(browser(server.url), email, WRONG_PASSWORD)).ok).toBe(false);
  const b = browser(server.url);
  expect((await signInOverHttp(b, email, PASSWORD)).ok).toBe(true);
  person = { id, b };
  // A key created through the dashboard: its secret is in the answer, and must be in no log.
  const created = await b.fetch('/api/dashboard/keys', {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'logged key', scopes: ['read'], creditLimit: '', expiresOn: '' }),
  });
  expect(created.status).toBe(201);
  key = ((await created.json()) as { key: { id: string; key: string } }).key;
  const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY id LIMIT 1');
  username = rows[0].username;
}, 10 * 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('the call log of server.ts', () => {
  it('writes one JSON call record per /v2 call, from both processes, with the answer’s request id and charge', { timeout: 60_000 }, async () => {
    const ok = await v2(`/v2/users/${username}`, key.key);
    expect(ok.status).toBe(200);
    const missing = await v2('/v2/users/nosuchuser0', key.key);
    expect(missing.status).toBe(404);
    const refused = await v2('/v2/account', BOGUS_KEY);
    expect(refused.status).toBe(401);
    const playground = await person.b.fetch(`/api/dashboard/v2/users/${username}`, { headers: { 'x-perch-dashboard': '1', 'x-perch-source': 'playground' } });
    expect(playground.status).toBe(200);
    const playgroundBody = (await playground.json()) as { meta: { request_id: string; credits_charged: number } };

    await waitFor(() => callLines().length >= 4, 10_000);
    const lines = callLines();
    const byId = (requestId: string | null) => {
      const found = lines.filter((line) => line.request_id === requestId);
      expect(found, `call lines of ${requestId}`).toHaveLength(1);
      return found[0];
    };

    expect(ok.requestId).toBe(ok.body.meta!.request_id);
    const okLine = byId(ok.requestId);
    expect(okLine).toMatchObject({ level: 30, service: 'perch', component: 'api', operation: 'getUser', status: 200, key_id: key.id, account_id: person.id, source: 'api', items: 1, credits: ok.body.meta!.credits_charged });
    expect(okLine.credits).toBeGreaterThan(0);
    expect(okLine.latency_ms).toEqual(expect.any(Number));
    expect(okLine.latency_ms as number).toBeGreaterThan(0);
    expect(okLine.upstream_calls).toEqual(expect.any(Number));
    expect(okLine.upstream_cached).toEqual(expect.any(Number));
    expect(typeof okLine.platform).toBe('string');
    expect(okLine).not.toHaveProperty('error_code');
    // Tracing is off: no trace id.
    expect(okLine).not.toHaveProperty('trace_id');
    expect(Number.isNaN(Date.parse(okLine.time))).toBe(false);

    expect(byId(missing.requestId)).toMatchObject({ status: 404, error_code: 'not_found', operation: 'getUser', key_id: key.id, account_id: person.id, credits: 0, items: 0 });
    expect(byId(refused.requestId)).toMatchObject({ status: 401, error_code: refused.body.error!.code, key_id: null, account_id: null, credits: 0 });

    // Answered by the dashboard's process (its own pid), relayed through server.ts's output.
    expect(playground.headers.get('x-request-id')).toBe(playgroundBody.meta.request_id);
    const playgroundLine = byId(playgroundBody.meta.request_id);
    expect(playgroundLine).toMatchObject({ status: 200, operation: 'getUser', source: 'playground', key_id: null, account_id: person.id, credits: playgroundBody.meta.credits_charged });
    expect(playgroundLine.pid).not.toBe(okLine.pid);
  });

  it('writes nothing but JSON records, with the component of each part, and no secret anywhere', async () => {
    const all = records();
    expect(all.length).toBeGreaterThan(5);
    for (const record of all) expect(record).toMatchObject({ level: expect.any(Number), time: expect.any(String), service: 'perch', pid: expect.any(Number), msg: expect.any(String) });
    // The former `[perch]`, `[db]`, `[platform]`, `[dashboard]` start-up lines, as records of their component.
    const startUp = (component: string, msg: RegExp) => all.some((record) => record.component === component && msg.test(record.msg));
    expect(startUp('perch', /^ready on http:\/\/127\.0\.0\.1:\d+ in [\d.]+ s/)).toBe(true);
    expect(startUp('db', /^(using DATABASE_URL|embedded PostgreSQL on port \d+)$/)).toBe(true);
    expect(startUp('platform', /^serving /)).toBe(true);
    expect(startUp('dashboard', /^Next\.js ready in process \d+$/)).toBe(true);
    expect(all.some((record) => /^\[\w+\]/.test(record.msg))).toBe(false);

    const output = server.output();
    for (const secret of [key.key, PASSWORD, WRONG_PASSWORD, BOGUS_KEY]) expect(output).not.toContain(secret);
    // Not even the part of a key a prefix match would find.
    expect(output).not.toContain(key.key.slice(-16));
  });
});

describe('PERCH_LOG_LEVEL', () => {
  it('at warn: calls are answered and no call line (no info line at all) is written', { timeout: 10 * 60_000 }, async () => {
    const quiet = await startServer(process.env.DATABASE_URL!, { PERCH_LOG_LEVEL: 'warn' });
    try {
      const response = await fetch(`${quiet.url}/v2/users/${username}`, { headers: { authorization: `Bearer ${key.key}` } });
      expect(response.status).toBe(200);
      expect((await fetch(`${quiet.url}/v2/users/nosuchuser0`, { headers: { authorization: `Bearer ${key.key}` } })).status).toBe(404);
    } finally {
      // Stopped, it has written all it will: an absent line is not one still on its way.
      await quiet.stop();
    }
    const written = records(quiet.output());
    expect(written.filter((record) => record.msg === 'call')).toEqual([]);
    expect(written.filter((record) => record.level < 40)).toEqual([]);
  });

  it('that is no level stops the start with one clear line', { timeout: 10 * 60_000 }, async () => {
    const started = startServer(process.env.DATABASE_URL!, { PERCH_LOG_LEVEL: 'chatty' });
    await expect(started).rejects.toThrow(/exited with 1 before it was ready/);
    await expect(started).rejects.toThrow(/"level":60,.*"msg":"PERCH_LOG_LEVEL=chatty is not a log level: use one of fatal, error, warn, info, debug, trace, silent"/);
  });
});

import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { createApiAccount, expectLedgersBalanced } from '../support/api-client';
import { startServer, type RunningServer } from '../support/api-server';

// Two production servers (server.ts) on one database and no Redis, as two instances behind a
// load balancer: a key changed anywhere (the admin CLI, plain SQL) is refused or re-read by
// both within a second, through PostgreSQL's LISTEN/NOTIFY alone.

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const BOUND_MS = 1_000;
const servers: RunningServer[] = [];
let username: string;

beforeAll(async () => {
  const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY id LIMIT 1');
  username = rows[0].username;
  // One after the other: the first may build the dashboard, the second then finds it built.
  for (let i = 0; i < 2; i++) servers.push(await startServer(process.env.DATABASE_URL!, { REDIS_URL: '' }));
}, 15 * 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await expectLedgersBalanced();
});

type Answer = { status: number; code?: string; rateLimit?: string | null };

async function status(server: RunningServer, key: string, pathname = '/v2/account'): Promise<Answer> {
  const response = await fetch(`${server.url}${pathname}`, { headers: { authorization: `Bearer ${key}` } });
  const body = (await response.json()) as { error?: { code: string } };
  return { status: response.status, code: body.error?.code, rateLimit: response.headers.get('x-ratelimit-limit') };
}

/** Polls every instance until each answers as `done` says; returns how long the slowest took. */
async function untilAll(key: string, done: (answer: Answer) => boolean, pathname?: string): Promise<number> {
  const started = Date.now();
  const pending = new Set(servers);
  let slowest = 0;
  while (pending.size > 0) {
    for (const server of [...pending]) {
      if (done(await status(server, key, pathname))) {
        pending.delete(server);
        slowest = Date.now() - started;
      }
    }
    if (Date.now() - started > 10_000) throw new Error(`${pending.size} instance(s) still serve the old key state after 10 s`);
  }
  return slowest;
}

function admin(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: ROOT, env: { ...process.env, REDIS_URL: '' }, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`admin ${args.join(' ')} failed: ${stderr}`));
      else resolve(stdout.trim().split('\n').at(-1) ?? '');
    });
  });
}

describe('key changes across instances without Redis', () => {
  it('a key revoked from the admin CLI is refused by every instance within a second', async () => {
    const account = await createApiAccount({ label: 'instances' });
    // Both instances have the key cached, and keep calling while it is revoked.
    for (const server of servers) expect((await status(server, account.key)).status).toBe(200);
    expect(await admin('revoke-key', '--key', account.keyId)).toBe('revoked');
    // Measured from the CLI's exit, which is after its commit: a bound, not a benchmark.
    const took = await untilAll(account.key, (answer) => answer.status === 401);
    expect(took).toBeLessThanOrEqual(BOUND_MS);
    for (const server of servers) expect(await status(server, account.key)).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('a rate limit changed by plain SQL is applied by every instance within a second', async () => {
    const account = await createApiAccount({ label: 'instances-rate', rateLimit: 50 });
    // The rate limit is read from the cached key record, so only the notification makes it change here.
    for (const server of servers) expect(await status(server, account.key)).toMatchObject({ status: 200, rateLimit: '50' });
    await getPool().query('UPDATE api_keys SET rate_limit = 7 WHERE id = $1', [account.keyId]);
    const took = await untilAll(account.key, (answer) => answer.rateLimit === '7');
    expect(took).toBeLessThanOrEqual(BOUND_MS);
  });

  it('an instance whose listener connection was cut reconnects and still hears of revocations', async () => {
    const account = await createApiAccount({ label: 'instances-cut' });
    for (const server of servers) expect((await status(server, account.key)).status).toBe(200);
    const { rows } = await getPool().query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
       WHERE application_name = 'perch-key-listener' AND datname = current_database()`,
    );
    expect(rows[0].n).toBeGreaterThanOrEqual(2);
    // Listening again: each server logs it once its LISTEN is back.
    const deadline = Date.now() + 15_000;
    while (!servers.every((server) => /key change listener is listening again/.test(server.output()))) {
      if (Date.now() > deadline) throw new Error('the servers did not listen again within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const server of servers) expect((await status(server, account.key)).status).toBe(200);
    await getPool().query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [account.keyId]);
    const took = await untilAll(account.key, (answer) => answer.status === 401);
    expect(took).toBeLessThanOrEqual(BOUND_MS);
  });
});

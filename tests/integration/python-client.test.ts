import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { grantCredits } from '@/lib/credits';
import { getPool } from '@/lib/db/pool';
import { createApiAccount, expectLedgersBalanced } from '../support/api-client';
import { startServer, type RunningServer } from '../support/api-server';
import { MISSING_ID, MISSING_USERNAME, subjectsForEveryListing } from '../support/api-subjects';
import { createFixtureUsers } from '../support/platform-fixtures';

// The Python client (clients/python) as a user gets it: installed with pip from the folder
// (no package index), then its unittest suite run with the machine's python3 against the
// production server over real HTTP.

const ROOT = path.resolve(import.meta.dirname, '..', '..');
let server: RunningServer;
let installDir: string;
let exportDir: string;
let granter: http.Server;
const env: Record<string, string> = {};

beforeAll(async () => {
  installDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-python-client-'));
  execFileSync('python3', ['-m', 'pip', 'install', '--quiet', '--no-index', '--disable-pip-version-check', '--target', installDir, path.join(ROOT, 'clients', 'python')], {
    env: { ...process.env, PIP_ROOT_USER_ACTION: 'ignore' },
  });

  const [me, other] = await createFixtureUsers(getPool(), 2);
  const main = await createApiAccount({ label: 'python', connect: me.username });
  const poor = await createApiAccount({ label: 'python_poor', credits: 15 });
  const limited = await createApiAccount({ label: 'python_limited', creditLimit: 1 });
  const slow = await createApiAccount({ label: 'python_slow', rateLimit: 1 });
  const { rows } = await getPool().query<{ id: string }>(
    'SELECT id::text FROM platform.tweets WHERE retweeted_tweet_id IS NULL AND author_id <> $1 ORDER BY id DESC LIMIT 1',
    [me.id],
  );
  const subjects = {
    target: rows[0].id,
    other: other.username,
    missingUsername: MISSING_USERNAME,
    missingId: MISSING_ID,
    ...(await subjectsForEveryListing()),
  };
  // The exports tests (test_exports.py): accounts that run out of credits mid-export, and a
  // loopback endpoint through which the Python test asks for a grant at the moment it chooses.
  const exportAccounts = {
    poor: await createApiAccount({ label: 'python_export_poor', credits: 5 }),
    failing: await createApiAccount({ label: 'python_export_failing', credits: 5 }),
    broke: await createApiAccount({ label: 'python_export_broke', credits: 0 }),
    stranger: await createApiAccount({ label: 'python_export_stranger' }),
  };
  granter = http.createServer((request, response) => {
    const account = exportAccounts[(request.url ?? '').slice(1) as keyof typeof exportAccounts];
    if (request.method !== 'POST' || !account) return void response.writeHead(404).end();
    grantCredits(account.userId, 10_000, 'python exports test').then(
      () => response.writeHead(204).end(),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => granter.listen(0, '127.0.0.1', resolve));
  exportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-python-exports-'));
  server = await startServer(process.env.DATABASE_URL!, { PERCH_EXPORT_DIR: exportDir });
  Object.assign(env, {
    PYTHONPATH: installDir,
    PERCH_BASE_URL: server.url,
    PERCH_API_KEY: main.key,
    PERCH_TEST_POOR_KEY: poor.key,
    PERCH_TEST_LIMITED_KEY: limited.key,
    PERCH_TEST_SLOW_KEY: slow.key,
    PERCH_TEST_SUBJECTS: JSON.stringify(subjects),
    PERCH_TEST_EXPORTS: JSON.stringify({
      followers: subjects.followers,
      poor: exportAccounts.poor.key,
      failing: exportAccounts.failing.key,
      broke: exportAccounts.broke.key,
      stranger: exportAccounts.stranger.key,
      export_dir: exportDir,
      grant_url: `http://127.0.0.1:${(granter.address() as { port: number }).port}`,
    }),
  });
}, 10 * 60_000);

afterAll(async () => {
  await server?.stop();
  granter?.close();
  if (installDir) fs.rmSync(installDir, { recursive: true, force: true });
  if (exportDir) fs.rmSync(exportDir, { recursive: true, force: true });
  await expectLedgersBalanced();
});

/** Runs python3 with the test environment from a scratch directory, so only the installed copy can be imported. */
function runPython(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('python3', args, { cwd: installDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

it('is imported from the pip-installed copy, not the source tree', async () => {
  const { code, output } = await runPython(['-c', 'import perch; print(perch.__file__)']);
  expect(code).toBe(0);
  expect(output.trim()).toBe(path.join(installDir, 'perch', '__init__.py'));
});

it('passes its unittest suite against the running server', async () => {
  const { code, output } = await runPython(['-m', 'unittest', 'discover', '-v', '-s', path.join(ROOT, 'clients', 'python', 'tests'), '-t', path.join(ROOT, 'clients', 'python', 'tests')]);
  // Every test ran: none may be skipped for want of the server's environment.
  expect(output).not.toMatch(/skipped/);
  expect(output, output).toMatch(/\nOK\s*$/);
  expect(code).toBe(0);
}, 5 * 60_000);

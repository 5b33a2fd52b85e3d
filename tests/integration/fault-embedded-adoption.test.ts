import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runningPostmaster, stopPostmaster } from '@/lib/db/postmaster';
import { freePort } from '@/lib/server/free-port';
import { waitFor } from '../support/account-fixtures';
import { startServer, type RunningServer } from '../support/api-server';
import { embeddedEnv, runAdmin } from '../support/fault-load';

// Issue 16, point 1, reproduced as the probe did it: `npm start` on the embedded PostgreSQL,
// kill -9 of the server, `npm start` again (it adopts the orphaned cluster), then
// `npm run admin` — which used to stop the database under the running server.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-fault-adopt-'));
const clusterDir = path.join(dataDir, 'postgres');
const servers: RunningServer[] = [];

afterAll(async () => {
  for (const server of servers) await server.stop();
  await stopPostmaster(clusterDir).catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function account(server: RunningServer, key: string): Promise<number> {
  const response = await fetch(`${server.url}/v2/account`, { headers: { authorization: `Bearer ${key}` } });
  return response.status;
}

describe('a CLI run beside a server that adopted an orphaned embedded PostgreSQL', () => {
  it('leaves the database running; the server stops it on its own shutdown', { timeout: 20 * 60_000 }, async () => {
    const dbPort = await freePort();
    const env = { PERCH_DATA_DIR: dataDir, PERCH_DB_PORT: String(dbPort) };
    const first = await startServer(null, env);
    servers.push(first);
    const postmaster = runningPostmaster(clusterDir);
    expect(postmaster).not.toBeNull();

    const email = `adopt-${crypto.randomBytes(4).toString('hex')}@example.test`;
    await runAdmin(embeddedEnv(dataDir, dbPort), 'create-user', '--email', email, '--password', 'correct horse battery', '--credits', '1000');
    const key = await runAdmin(embeddedEnv(dataDir, dbPort), 'create-key', '--email', email);
    expect(await account(first, key)).toBe(200);

    await first.kill();
    // The postmaster outlives the killed server, orphaned.
    expect(runningPostmaster(clusterDir)?.pid).toBe(postmaster!.pid);

    const second = await startServer(null, env);
    servers.push(second);
    expect(second.output()).not.toMatch(/did not start/);
    expect(await account(second, key)).toBe(200);

    // The probe's step: every one of these used to run `pg_ctl stop` on exit.
    expect(await runAdmin(embeddedEnv(dataDir, dbPort), 'balance', '--email', email)).toBe('1000');
    expect(runningPostmaster(clusterDir)?.pid).toBe(postmaster!.pid);
    expect(await account(second, key)).toBe(200);

    // The server that adopted the cluster owns it: its shutdown stops it (a fast shutdown,
    // which may finish a moment after the server has exited).
    await second.stop();
    expect(second.output()).toMatch(/"msg":"stopped in \d+ ms/);
    await waitFor(() => runningPostmaster(clusterDir) === null, 30_000).catch((error: Error) => {
      throw new Error(`${error.message}: the postmaster is still running; server output:\n${second.output().slice(-3000)}`);
    });
  });
});

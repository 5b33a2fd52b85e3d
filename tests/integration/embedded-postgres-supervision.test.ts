import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '@/lib/db/embedded-postgres';
import { runningPostmaster, startPostmaster, stopPostmaster } from '@/lib/db/postmaster';
import { superviseEmbeddedPostgres } from '@/lib/db/supervise-postgres';
import { freePort } from '@/lib/server/free-port';
import { waitFor } from '../support/account-fixtures';

// The supervisor on its own (the fault suite runs it inside a real server): a postmaster
// killed with -9 comes back on the same port, and the same pool serves again without being
// recreated. The cluster is this test's own.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-supervise-'));
const clusterDir = path.join(dataDir, 'postgres');
afterAll(async () => {
  await stopPostmaster(clusterDir).catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function answers(pool: pg.Pool): Promise<boolean> {
  try {
    await pool.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

describe('embedded PostgreSQL supervision', () => {
  it('starts a killed postmaster again on the same port, and the pool recovers by itself', async () => {
    const port = await freePort();
    const database = await startEmbeddedPostgres({ dataDir, port, database: 'perch', role: 'server' });
    const supervisor = superviseEmbeddedPostgres({ clusterDir, port, checkEveryMs: 200 });
    const pool = new pg.Pool({ connectionString: database.url, max: 2, connectionTimeoutMillis: 2000 });
    pool.on('error', () => undefined);
    try {
      expect(await answers(pool)).toBe(true);
      for (let crash = 1; crash <= 2; crash++) {
        const before = runningPostmaster(clusterDir)!;
        process.kill(before.pid, 'SIGKILL');
        await waitFor(() => runningPostmaster(clusterDir)?.pid !== before.pid && runningPostmaster(clusterDir) !== null, 120_000);
        expect(runningPostmaster(clusterDir)!.port).toBe(port);
        await waitFor(() => answers(pool), 60_000);
      }
    } finally {
      await supervisor.stop();
      await pool.end();
      await database.stop();
    }
    expect(runningPostmaster(clusterDir)).toBeNull();
  }, 300_000);

  it('stopped while it starts a killed postmaster again, leaves none running', async () => {
    const port = await freePort();
    const database = await startEmbeddedPostgres({ dataDir, port, database: 'perch', role: 'server' });
    let restarting = false;
    let restarted: Promise<unknown> = Promise.resolve();
    // A start as slow as on a loaded machine: the database's own stop runs before the new
    // postmaster has written its pid file, finds none, and would leave it running. It tries
    // until it succeeds (right after a kill -9 the old backends hold the shared memory a while).
    const slowStart = (dir: string, onPort: number) => {
      restarting = true;
      restarted = (async () => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        for (let attempt = 1; ; attempt++) {
          try {
            return await startPostmaster(dir, onPort);
          } catch (error) {
            if (attempt >= 30) throw error;
            await new Promise((resolve) => setTimeout(resolve, 500));
          }
        }
      })();
      return restarted as Promise<void>;
    };
    const supervisor = superviseEmbeddedPostgres({ clusterDir, port, checkEveryMs: 20, start: slowStart });
    try {
      process.kill(runningPostmaster(clusterDir)!.pid, 'SIGKILL');
      await waitFor(() => restarting, 60_000);
    } finally {
      // The server's shutdown: the supervisor's step, then the database's.
      await supervisor.stop();
      await database.stop();
    }
    // Whatever the restart did, it is over now: it must have left no postmaster running.
    await restarted.catch(() => undefined);
    expect(runningPostmaster(clusterDir)).toBeNull();
  }, 300_000);
});

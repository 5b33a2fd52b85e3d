import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '@/lib/db/embedded-postgres';
import { freePort } from '@/lib/server/free-port';

export type TestDatabase = { url: string; drop: () => Promise<void> };

// How long a drop waits for the database's connections to close before it forces them.
const CLOSE_WAIT_MS = 2_000;

/**
 * Waits (up to CLOSE_WAIT_MS) until no connection to `database` is left. pool.end() resolves
 * before its clients' sockets are closed: a connection FORCE terminates meanwhile reaches its
 * pool as an error event, which a pool without an error listener throws (an uncaught 57P01 in a
 * CI run, after workspaces-migration's pool.end()). What is still connected then is forced.
 */
async function untilDisconnected(client: pg.Client, database: string): Promise<void> {
  const deadline = Date.now() + CLOSE_WAIT_MS;
  while (Date.now() < deadline) {
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [database]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A fresh, empty database for one test run: on the server of DATABASE_URL when set, else
 * on an embedded PostgreSQL in a temporary directory. `drop` removes all of it.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `perch_test_${Date.now().toString(36)}_${crypto.randomBytes(3).toString('hex')}`;
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
    await admin.end();
    return {
      url: withDatabase(serverUrl, name),
      drop: async () => {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        try {
          await untilDisconnected(client, name);
          await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
        } finally {
          await client.end();
        }
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-test-'));
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: name });
  return {
    url: embedded.url,
    drop: async () => {
      await embedded.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

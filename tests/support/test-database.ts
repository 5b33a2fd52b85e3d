import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '@/lib/db/embedded-postgres';
import { freePort } from '@/lib/server/free-port';

export type TestDatabase = { url: string; drop: () => Promise<void> };

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
        await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
        await client.end();
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

import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '@/lib/db/embedded-postgres';
import { ensureDatabase } from '@/lib/db/ensure-database';
import { migrateDatabase } from '@/lib/db/migrate';
import { StartupError } from '@/lib/db/startup-error';
import { freePort } from '@/lib/server/free-port';

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-embedded-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('embedded PostgreSQL (DATABASE_URL unset)', () => {
  it('initialises, migrates, keeps data across a restart and stops cleanly', async () => {
    const port = await freePort();
    const env: Record<string, string | undefined> = { PERCH_DATA_DIR: dataDir, PERCH_DB_PORT: String(port) };
    const first = await ensureDatabase(env);
    expect(first.embedded).toBe(true);
    expect(env.DATABASE_URL).toBe(first.url);
    await migrateDatabase(first.url, { quiet: true });
    await query(first.url, `INSERT INTO platform.users (id, username, name, created_at) VALUES (1, 'kept_user', 'Kept', now())`);
    await first.stop();
    await expect(query(first.url, 'SELECT 1')).rejects.toThrow();

    const second = await ensureDatabase({ PERCH_DATA_DIR: dataDir, PERCH_DB_PORT: String(port) });
    try {
      expect(await query(second.url, `SELECT username FROM platform.users`)).toEqual([{ username: 'kept_user' }]);
    } finally {
      await second.stop();
    }
  });

  it('says in one line that the port is in use', async () => {
    const blocker = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const attempt = startEmbeddedPostgres({ dataDir: path.join(dataDir, 'other'), port, database: 'perch' });
      await expect(attempt).rejects.toBeInstanceOf(StartupError);
      await expect(attempt).rejects.toThrow(`port ${port} for the embedded PostgreSQL is in use`);
    } finally {
      blocker.close();
    }
  });

  it('says in one line that the data directory is not writable', async () => {
    const file = path.join(dataDir, 'a-file');
    fs.writeFileSync(file, '');
    const attempt = startEmbeddedPostgres({ dataDir: path.join(file, 'data'), port: await freePort(), database: 'perch' });
    await expect(attempt).rejects.toThrow(/is not writable: .*PERCH_DATA_DIR/);
  });
});

describe('external PostgreSQL (DATABASE_URL set)', () => {
  it('refuses an unreachable server with a one-line fix', async () => {
    const port = await freePort();
    const attempt = ensureDatabase({ DATABASE_URL: `postgresql://postgres@127.0.0.1:${port}/perch` });
    await expect(attempt).rejects.toBeInstanceOf(StartupError);
    await expect(attempt).rejects.toThrow(/cannot reach the database at 127\.0\.0\.1:\d+\/perch .*check DATABASE_URL/);
  });

  it('uses a reachable server as it is', async () => {
    const database = await ensureDatabase({ DATABASE_URL: process.env.DATABASE_URL });
    expect(database.embedded).toBe(false);
    expect(await query(database.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});

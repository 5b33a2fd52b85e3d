import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateDatabase } from '@/lib/db/migrate';
import { createTestDatabase } from '../../support/test-database';
import { freePort, startServer } from './start-server';

const root = path.resolve(import.meta.dirname, '../../..');

async function sampleUsername(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ username: string }>('SELECT username FROM platform.users ORDER BY followers_count DESC, id LIMIT 1');
    if (!rows[0]) throw new Error('the seeded platform has no users');
    return rows[0].username;
  } finally {
    await client.end();
  }
}

/**
 * Gives the run its own database and production server: creates and migrates the database,
 * starts `npm start` on a free port with the small `test` seed and no live activity, and
 * hands the address to the tests through the environment. Set PERCH_E2E_BASE_URL (and
 * PERCH_E2E_DATABASE_URL) to test a server that is already running instead.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.PERCH_E2E_BASE_URL) {
    if (!process.env.PERCH_E2E_DATABASE_URL) throw new Error('with PERCH_E2E_BASE_URL, also set PERCH_E2E_DATABASE_URL to that server’s database');
    process.env.PERCH_E2E_SAMPLE_USERNAME ??= await sampleUsername(process.env.PERCH_E2E_DATABASE_URL);
    return async () => undefined;
  }
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-e2e-'));
  const cleanUp = async () => {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await migrateDatabase(database.url, { quiet: true });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      PERCH_DATA_DIR: dataDir,
      PERCH_LIVE: '0',
      PERCH_SEED_SCALE: 'test',
      ADMIN_EMAILS: 'e2e-admin@perch.test',
      // Every spec signs up its own accounts from 127.0.0.1; the limit itself is tested in integration.
      PERCH_SIGNUP_LIMIT_PER_HOUR: '0',
      // The specs' webhook receivers listen on 127.0.0.1, refused by default.
      PERCH_WEBHOOK_ALLOW_PRIVATE: '1',
      NEXT_TELEMETRY_DISABLED: '1',
    };
    // The tests expect the defaults and an origin taken from the request.
    delete env.PERCH_SIGNUP_CREDITS;
    delete env.NEXTAUTH_URL;
    const server = await startServer({ root, env, logFile: path.join(root, 'test-results', 'e2e-server.log') });
    process.env.PERCH_E2E_BASE_URL = server.baseUrl;
    process.env.PERCH_E2E_DATABASE_URL = database.url;
    process.env.PERCH_E2E_SAMPLE_USERNAME = await sampleUsername(database.url);
    return async () => {
      await server.stop();
      await cleanUp();
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

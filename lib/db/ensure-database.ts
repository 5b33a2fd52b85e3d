import pg from 'pg';
import type { ClusterRole } from './cluster-users';
import { startEmbeddedPostgres } from './embedded-postgres';
import { StartupError } from './startup-error';

export type Database = {
  url: string;
  embedded: boolean;
  /** The embedded cluster's directory (for supervision); absent with DATABASE_URL. */
  clusterDir?: string;
  stop: () => Promise<void>;
};

function describe(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    throw new StartupError('DATABASE_URL is not a valid URL: use postgresql://user:password@host:5432/database');
  }
}

async function assertReachable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined); // a dropped connection fails the query below instead
  try {
    await client.connect();
    const { rows } = await client.query<{ version: number }>(`SELECT current_setting('server_version_num')::int AS version`);
    if (rows[0].version < 150000) {
      throw new StartupError(`the PostgreSQL at ${describe(url)} is older than 15: Perch needs PostgreSQL 15 or newer`);
    }
  } catch (error) {
    if (error instanceof StartupError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartupError(`cannot reach the database at ${describe(url)} (${reason}): check DATABASE_URL, or unset it to use the embedded PostgreSQL`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The database Perch runs on: DATABASE_URL when set, else the embedded PostgreSQL under
 * PERCH_DATA_DIR. Sets DATABASE_URL for the rest of the process and its children. `role`
 * says who may stop the embedded cluster (see EmbeddedOptions): the server passes `server`.
 */
export async function ensureDatabase(env: Record<string, string | undefined> = process.env, { role = 'tool' }: { role?: ClusterRole } = {}): Promise<Database> {
  if (env.DATABASE_URL) {
    await assertReachable(env.DATABASE_URL);
    return { url: env.DATABASE_URL, embedded: false, stop: async () => undefined };
  }
  const port = Number(env.PERCH_DB_PORT ?? 54329);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new StartupError(`PERCH_DB_PORT must be a port number, got "${env.PERCH_DB_PORT}"`);
  }
  const handle = await startEmbeddedPostgres({ dataDir: env.PERCH_DATA_DIR ?? '.data', port, database: 'perch', role });
  env.DATABASE_URL = handle.url;
  return { url: handle.url, embedded: true, clusterDir: handle.clusterDir, stop: handle.stop };
}

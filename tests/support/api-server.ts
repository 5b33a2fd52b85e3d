import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@/lib/server/free-port';

// Runs the production entry (server.ts) as a child process, the way `npm start` does, on the
// test database. It runs from a copy of the tree kept in the temp directory: server.ts builds
// Next when its sources changed, and building inside the shared working tree would replace
// the .next of servers other people run from it. The copy keeps its .next between runs (and
// rsync keeps modification times), so only a change to the dashboard's sources rebuilds.
// Test runs on this machine share the copy: one server at a time runs from it, under a lock,
// or a second run would rewrite its sources and start a second `next build` beside the first.

const ROOT = path.resolve(import.meta.dirname, '..', '..');
// One copy per working tree: two checkouts testing at once would otherwise take turns
// rebuilding one copy's .next from their different sources.
const COPY = path.join(os.tmpdir(), `perch-api-bindings-${crypto.createHash('sha256').update(ROOT).digest('hex').slice(0, 8)}`);
const SKIPPED = ['.node_modules-installed.json', 'node_modules', '.next', '.data', '.git', 'test-results', 'tsconfig.tsbuildinfo', 'playwright-report'];

export type RunningServer = {
  url: string;
  output: () => string;
  /** SIGTERM, then SIGKILL after 30 s. */
  stop: () => Promise<void>;
  /** SIGKILL at once, as a crash or an OOM kill would (what it started itself stays orphaned). */
  kill: () => Promise<void>;
};

const LOCK = `${COPY}.lock`;

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Takes the copy's lock (a directory: mkdir is atomic), waiting for another run to finish with it. */
async function lockCopy(timeoutMs: number): Promise<() => void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      fs.writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      let held = true;
      return () => {
        if (held) fs.rmSync(LOCK, { recursive: true, force: true });
        held = false;
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // A holder that died without unlocking (a killed test run) leaves its pid behind.
    let holder = 0;
    try {
      holder = Number(fs.readFileSync(path.join(LOCK, 'pid'), 'utf8')) || 0;
    } catch {
      // Taken a moment ago (no pid yet) or released a moment ago: look again.
    }
    if (holder > 0 && !isAlive(holder)) {
      fs.rmSync(LOCK, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`${LOCK} is held by process ${holder || 'unknown'}: another test run is using the server copy`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function syncCopy(): void {
  fs.mkdirSync(COPY, { recursive: true });
  const excludes = SKIPPED.flatMap((name) => ['--exclude', `/${name}`]);
  execFileSync('rsync', ['-a', '--delete', ...excludes, `${ROOT}/`, `${COPY}/`]);
  // Hard links: the same files at no cost, and a real directory (Next refuses a symlinked one).
  // Linked anew whenever the installed packages changed (npm's own record of them differs).
  const installed = fs.readFileSync(path.join(ROOT, 'node_modules', '.package-lock.json'));
  const marker = path.join(COPY, '.node_modules-installed.json');
  const copied = path.join(COPY, 'node_modules');
  if (!fs.existsSync(copied) || !fs.existsSync(marker) || !fs.readFileSync(marker).equals(installed)) {
    fs.rmSync(copied, { recursive: true, force: true });
    execFileSync('cp', ['-al', path.join(ROOT, 'node_modules'), copied]);
    fs.writeFileSync(marker, installed);
  }
}

// Servers this process runs from the copy share its lock: the copy is synced by the first and
// released by the last, so a test can run several instances side by side.
let shared: { users: number; unlock: () => void } | undefined;

async function acquireCopy(timeoutMs: number): Promise<() => void> {
  if (shared) {
    shared.users += 1;
  } else {
    const unlock = await lockCopy(timeoutMs);
    try {
      syncCopy();
    } catch (error) {
      unlock();
      throw error;
    }
    shared = { users: 1, unlock };
  }
  let released = false;
  return () => {
    if (released || !shared) return;
    released = true;
    shared.users -= 1;
    if (shared.users > 0) return;
    shared.unlock();
    shared = undefined;
  };
}

/**
 * Starts server.ts on a free port against `databaseUrl` (null: the embedded PostgreSQL, per
 * PERCH_DATA_DIR and PERCH_DB_PORT in `env`); resolves once it says it is ready. Several may run at once.
 */
export async function startServer(databaseUrl: string | null, env: Record<string, string> = {}, timeoutMs = 9 * 60_000): Promise<RunningServer> {
  const unlock = await acquireCopy(timeoutMs);
  try {
    return await startLocked(databaseUrl, env, timeoutMs, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Starts `count` servers on one database, one after another; stops those started if one fails. */
export async function startServers(databaseUrl: string, count: number, env: Record<string, string> = {}, timeoutMs = 9 * 60_000): Promise<RunningServer[]> {
  const servers: RunningServer[] = [];
  try {
    for (let i = 0; i < count; i += 1) servers.push(await startServer(databaseUrl, env, timeoutMs));
    return servers;
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    throw error;
  }
}

async function startLocked(databaseUrl: string | null, env: Record<string, string>, timeoutMs: number, unlock: () => void): Promise<RunningServer> {
  // A PORT in `env` is kept: a test that must name the server's own URL in its settings (PERCH_PUBLIC_URL) picks it first.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let output = '';
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PERCH_LIVE: '0', PERCH_AUTO_SEED: '0', ...env, DATABASE_URL: databaseUrl ?? undefined, PORT: String(port), HOST: '127.0.0.1' };
  if (databaseUrl === null) delete childEnv.DATABASE_URL;
  const child: ChildProcess = spawn(path.join(COPY, 'node_modules', '.bin', 'tsx'), ['server.ts'], {
    cwd: COPY,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // The whole process group: tsx starts node, which may start a next build. The server
      // bounds its own shutdown (9 s plus the database's stop); SIGKILL only well past that, so
      // a slow but clean shutdown on a loaded machine still ends with its log.
      process.kill(-child.pid!, 'SIGTERM');
      const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    }
    unlock();
  };
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
    }
    unlock();
  };

  const deadline = Date.now() + timeoutMs;
  // Its 'ready on' record is at info: a server logging only warnings and above is ready once it answers.
  const quiet = ['warn', 'error', 'fatal', 'silent'].includes((env.PERCH_LOG_LEVEL ?? '').toLowerCase());
  const answers = () =>
    fetch(`http://127.0.0.1:${port}/v2/openapi.json`).then(
      async (response) => (await response.arrayBuffer(), response.ok),
      () => false,
    );
  while (quiet ? !(await answers()) : !/ready on http:\/\//.test(output)) {
    if (child.exitCode !== null) throw new Error(`server.ts exited with ${child.exitCode} before it was ready:\n${output.slice(-4000)}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server.ts was not ready within ${timeoutMs / 1000} s:\n${output.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url: `http://127.0.0.1:${port}`, output: () => output, stop, kill };
}

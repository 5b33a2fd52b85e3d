import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '@/lib/server/free-port';

export { freePort };

export type RunningServer = { baseUrl: string; stop: () => Promise<void> };

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function waitUntilServing(url: string, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
      throw new Error(`npm start exited with code ${child.exitCode} before serving; last lines of ${logFile}:\n${tail}`);
    }
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s; see ${logFile}`);
}

/**
 * Runs `npm start` (migrations, first-start seed, `next build` when sources changed, then the
 * production server) in its own process group, and waits until it serves pages.
 */
export async function startServer({ root, env, logFile }: { root: string; env: NodeJS.ProcessEnv; logFile: string }): Promise<RunningServer> {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'w');
  const child = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', log, log] });
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      // The group: npm, tsx and the server itself. SIGTERM lets server.ts close the pool first.
      process.kill(-child.pid, 'SIGTERM');
      const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 20_000);
      await exited(child);
      clearTimeout(timer);
    }
    fs.closeSync(log);
  };
  try {
    // A first start builds the dashboard: minutes on a small machine.
    await waitUntilServing(`${baseUrl}/signin`, child, logFile, 15 * 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

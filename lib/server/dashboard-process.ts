import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { StartupError } from '@/lib/db/startup-error';
import { answerUsageFlushRequests } from '@/lib/metering/usage-flush-requests';
import { componentLogger } from '@/lib/observability/logger';
import { recordLineWriter, relayLogLines } from '@/lib/observability/relay-log-lines';
import type { CollectedMetric } from '@/lib/observability/call-stats';
import { askChildMetrics } from '@/lib/observability/child-metrics';

export type DashboardProcess = {
  /** The socket the dashboard listens on; null while it is not running (it is being restarted). */
  socketPath(): string | null;
  /** Stops it (SIGTERM, then SIGKILL after `graceMs`) and does not restart it; every call answers with the same stop. */
  stop(graceMs?: number): Promise<void>;
  /** Its /metrics figures (metrics on: it answers over IPC), or null while it is not running or does not answer. */
  metrics(): Promise<CollectedMetric[] | null>;
};

type Options = { root: string; env: NodeJS.ProcessEnv; startTimeoutMs?: number };

const RESTART_DELAY_MS = 1_000;

/**
 * Starts dashboard-server.ts (Next.js) as a child process listening on a Unix socket of its
 * own, and waits until it listens. A dashboard that dies is started again after a second
 * (pages answer 503 meanwhile; /v2 never depends on it).
 */
export async function startDashboardProcess({ root, env, startTimeoutMs = 60_000 }: Options): Promise<DashboardProcess> {
  const socket = path.join(os.tmpdir(), `perch-dashboard-${process.pid}-${crypto.randomBytes(4).toString('hex')}.sock`);
  let child: ChildProcess | null = null;
  let ready = false;
  let stopped = false;
  const log = componentLogger('dashboard');
  const writeRecord = await recordLineWriter();

  const launch = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      ready = false;
      const started = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'dashboard-server.ts')], {
        cwd: root,
        env: { ...env, PERCH_DASHBOARD_SOCKET: socket },
        // Its logs go where ours go, through us (one JSON record per line, see relayLogLines);
        // the IPC channel tells it when we are gone.
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      });
      relayLogLines(started.stdout!, writeRecord, 'info', log);
      relayLogLines(started.stderr!, writeRecord, 'warn', log);
      child = started;
      // Its pages ask for this process's usage to be written before they read balances and usage.
      answerUsageFlushRequests(started);
      const timer = setTimeout(() => reject(new StartupError(`the dashboard did not start within ${startTimeoutMs / 1000} s`)), startTimeoutMs);
      started.on('message', (message: { ready?: boolean }) => {
        if (!message?.ready) return;
        clearTimeout(timer);
        ready = true;
        log.info({ child_pid: started.pid }, `Next.js ready in process ${started.pid}`);
        resolve();
      });
      started.on('exit', (code, signal) => {
        clearTimeout(timer);
        if (child === started) child = null;
        ready = false;
        if (stopped) return;
        const how = signal ? `signal ${signal}` : `code ${code}`;
        reject(new StartupError(`the dashboard exited during start-up (${how})`));
        log.error({ child_pid: started.pid, exit: how }, `the dashboard process exited (${how}); starting it again`);
        setTimeout(() => {
          if (!stopped) launch().catch((error: Error) => log.error({ err: error }, error.message));
        }, RESTART_DELAY_MS).unref();
      });
    });

  await launch();
  let stopping: Promise<void> | null = null;
  const stopChild = async (graceMs: number): Promise<void> => {
    stopped = true;
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  return {
    socketPath: () => (ready ? socket : null),
    stop: (graceMs = 1_400) => (stopping ??= stopChild(graceMs)),
    metrics: () => askChildMetrics(ready ? child : null),
  };
}

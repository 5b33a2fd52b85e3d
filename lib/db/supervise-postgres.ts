import { componentLogger } from '@/lib/observability/logger';
import { lastLoggedProblem, runningPostmaster, startPostmaster, stopPostmaster } from './postmaster';

const log = componentLogger('db');

export type SupervisorOptions = {
  clusterDir: string;
  /** The port the cluster serves on (the pools keep this URL, so a restart must reuse it). */
  port: number;
  /** How often the postmaster is looked at. */
  checkEveryMs?: number;
  /** The longest wait between two restart attempts (they back off exponentially from 1 s). */
  maxBackoffMs?: number;
  /** How the postmaster is started again (a test makes it slow, as it is on a loaded machine). */
  start?: (clusterDir: string, port: number) => Promise<void>;
};

export type Supervisor = {
  /** No more checks; resolves once a restart under way has ended (and its postmaster is stopped again). */
  stop(): Promise<void>;
};

/**
 * Watches the embedded postmaster and starts it again, with backoff, whenever it is gone
 * (killed, crashed, stopped by hand). The pools reconnect by themselves once it is back.
 * One line when it goes, one when it is back, one per distinct failure in between.
 */
export function superviseEmbeddedPostgres({ clusterDir, port, checkEveryMs = 1000, maxBackoffMs = 30_000, start = startPostmaster }: SupervisorOptions): Supervisor {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let downSince: number | null = null;
  let attempts = 0;
  let lastProblem = '';
  // The check running now, if any: stop() waits for it.
  let checking: Promise<void> | null = null;

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      checking = check().finally(() => {
        checking = null;
      });
    }, ms);
    timer.unref(); // never what keeps the process alive
  };

  const check = async () => {
    if (runningPostmaster(clusterDir)) {
      if (downSince !== null) log.info({ down_ms: Date.now() - downSince }, `the embedded PostgreSQL is back after ${((Date.now() - downSince) / 1000).toFixed(1)} s`);
      downSince = null;
      attempts = 0;
      lastProblem = '';
      return schedule(checkEveryMs);
    }
    if (downSince === null) {
      downSince = Date.now();
      log.error({ cluster_dir: clusterDir }, `the embedded PostgreSQL in ${clusterDir} is not running: starting it again`);
    }
    attempts += 1;
    try {
      await start(clusterDir, port);
      // Stopped meanwhile (the server shuts down): the shutdown's own stop of the database may
      // have found no postmaster while this one was starting, and would leave it running.
      if (stopped) return await stopPostmaster(clusterDir);
    } catch (error) {
      // Typical right after a kill -9: its old backends still hold the shared memory for a moment.
      const problem = lastLoggedProblem(clusterDir) ?? (error instanceof Error ? error.message.split('\n')[0] : String(error));
      if (problem !== lastProblem && !stopped) log.error({ attempt: attempts }, `restarting the embedded PostgreSQL failed (attempt ${attempts}): ${problem}; retrying with backoff`);
      lastProblem = problem;
    }
    // Checked again at once when it started; otherwise after 1 s, 2 s, 4 s … up to the cap.
    schedule(runningPostmaster(clusterDir) ? 0 : Math.min(maxBackoffMs, 1000 * 2 ** Math.min(attempts - 1, 16)));
  };

  schedule(checkEveryMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await checking;
    },
  };
}

import { componentLogger } from '@/lib/observability/logger';
import type { Runner } from 'graphile-worker';
import { getPool } from '@/lib/db/pool';
import { forgetLoop, reportLoopDown, reportLoopUp } from '@/lib/health/loop-health';
import { reconnectDelay } from '@/lib/db/reconnect-delay';
import { wakeableSleep } from '@/lib/db/wakeable-sleep';

const log = componentLogger('jobs');

/** The job runner's name in /api/health. */
export const JOBS_LOOP = 'jobs';

// A runner being replaced finishes its jobs in flight (a webhook attempt takes at most its
// timeout) before it is left behind.
const OLD_RUNNER_STOP_MS = 15_000;

export type SupervisedJobQueue = {
  /** Stops the runner and the supervision. */
  stop(): Promise<void>;
  /** How many runners were started so far (1 until one had to be replaced). */
  starts(): number;
};

type WorkerEvent = { worker: { workerId: string }; error?: unknown };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Keeps one graphile-worker runner from `start` running, for as long as the process runs.
 * graphile-worker 0.16 does not heal by itself: a worker that cannot release its job (the
 * database died under it) "commits seppuku", its job stays locked for 4 hours, and the pool
 * goes on without it, down to no worker at all while its promise stays pending. So a runner
 * that loses a worker, or ends, is stopped and replaced, with backoff until a new one starts;
 * then the jobs its stopped workers left locked are unlocked and run again.
 */
export async function superviseJobQueue(start: () => Promise<Runner>): Promise<SupervisedJobQueue> {
  let stopped = false;
  let current: Runner | null = null;
  let replacing: Promise<void> | null = null;
  let unlocking: Promise<void> | null = null;
  let starts = 0;
  // Workers whose loop has ended: any job still locked by one of them is abandoned.
  const stoppedWorkers = new Set<string>();

  const { sleep: pause, wake } = wakeableSleep();

  const unlockAbandonedJobs = () => {
    if (unlocking || stoppedWorkers.size === 0) return;
    const ids = [...stoppedWorkers];
    unlocking = getPool()
      .query('SELECT graphile_worker.force_unlock_workers($1::text[])', [ids])
      .then(() => {
        for (const id of ids) stoppedWorkers.delete(id);
      })
      .catch(() => undefined) // tried again at the runner's next successful poll
      .finally(() => {
        unlocking = null;
      });
  };

  const watch = (runner: Runner) => {
    const working = () => {
      if (runner !== current) return;
      if (reportLoopUp(JOBS_LOOP)) log.info('the job runner takes jobs again');
      unlockAbandonedJobs();
    };
    runner.events.on('worker:getJob:empty', working);
    runner.events.on('job:start', working);
    runner.events.on('worker:getJob:error', ({ error }: { error: unknown }) => {
      if (runner === current) reportLoopDown(JOBS_LOOP, error);
    });
    runner.events.on('worker:stop', ({ worker, error }: WorkerEvent) => {
      stoppedWorkers.add(worker.workerId);
      replace(runner, `a worker stopped${error ? `: ${messageOf(error)}` : ''}`);
    });
    runner.promise.then(
      () => replace(runner, 'the runner ended'),
      (error: unknown) => replace(runner, `the runner failed: ${messageOf(error)}`),
    );
  };

  const replace = (runner: Runner, reason: string) => {
    if (stopped || runner !== current || replacing) return;
    current = null;
    reportLoopDown(JOBS_LOOP, reason);
    log.error(`${reason}; replacing the job runner`);
    replacing = (async () => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        runner.stop().catch(() => undefined), // it may have stopped itself already
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, OLD_RUNNER_STOP_MS);
        }),
      ]);
      clearTimeout(timer);
      let failures = 0;
      let lastProblem = '';
      while (!stopped) {
        try {
          const next = await start();
          starts += 1;
          if (stopped) {
            await next.stop().catch(() => undefined);
            return;
          }
          current = next;
          watch(next);
          log.info({ failures }, `a new job runner started${failures > 0 ? ` after ${failures} failed attempt(s)` : ''}`);
          return;
        } catch (error) {
          reportLoopDown(JOBS_LOOP, error);
          // Quiet during an outage: one line per distinct problem.
          if (messageOf(error) !== lastProblem) log.error({ err: error }, `starting a job runner failed, trying again with backoff: ${messageOf(error)}`);
          lastProblem = messageOf(error);
          await pause(reconnectDelay(failures));
          failures += 1;
        }
      }
    })().finally(() => {
      replacing = null;
    });
  };

  current = await start();
  starts = 1;
  reportLoopUp(JOBS_LOOP);
  watch(current);
  return {
    starts: () => starts,
    stop: async () => {
      stopped = true;
      wake();
      await replacing;
      const runner = current;
      current = null;
      await runner?.stop().catch(() => undefined);
      forgetLoop(JOBS_LOOP);
    },
  };
}

import type { Logger } from 'pino';
import { forgetLoop, reportLoopDown, reportLoopUp } from '@/lib/health/loop-health';
import { reconnectDelay } from './reconnect-delay';
import { wakeableSleep } from './wakeable-sleep';

export type QueueDrainLoop = {
  /** Takes batches until the queue is empty; a call while a pass is under way asks for one more pass after it. */
  run: () => Promise<void>;
  /** Ends the loop: a backoff under way is cut short and the pass under way finished. */
  stop: () => Promise<void>;
};

type Options = {
  /** The loop's name in /api/health. */
  name: string;
  /** What the loop does, for its log lines ("matching", "account monitors"). */
  what: string;
  log: Logger;
  /** The most rows one batch takes: a full batch means more may be waiting. */
  batchSize: number;
  /** Claims, handles and commits one batch; how many rows it took. A failure must leave the rows queued. */
  takeBatch: () => Promise<number>;
};

/**
 * The drain loop of a queue table whose rows are claimed and deleted in the transaction that
 * handles them (the tweet matcher, the embedded monitors): woken by a NOTIFY or a sweep, it takes
 * batches until one comes back short; a failing pass (the database gone) is retried with backoff
 * for as long as it fails, with one log line per distinct problem and the loop's health reported.
 */
export function queueDrainLoop({ name, what, log, batchSize, takeBatch }: Options): QueueDrainLoop {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const { sleep: pause, wake } = wakeableSleep();

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let failures = 0;
      let lastProblem = '';
      do {
        again = false;
        try {
          while (!stopped && (await takeBatch()) === batchSize);
          if (reportLoopUp(name)) log.info({ failures }, `${what} resumed after ${failures} failed attempt(s)`);
          failures = 0;
        } catch (error) {
          const problem = (error as Error).message;
          reportLoopDown(name, error);
          if (problem !== lastProblem) log.error(`${what} failed, retrying with backoff: ${problem}`);
          lastProblem = problem;
          await pause(reconnectDelay(failures));
          failures += 1;
          again = !stopped;
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    run,
    stop: async () => {
      stopped = true;
      wake();
      await running;
      forgetLoop(name);
    },
  };
}

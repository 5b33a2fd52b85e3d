import { componentLogger } from '@/lib/observability/logger';
import { Logger, run, type Runner, type TaskList } from 'graphile-worker';

const log = componentLogger('jobs');

/**
 * The task of one webhook delivery each, as queued before endpoints had turns (wake-endpoint.ts):
 * still taken, so that jobs left waiting in an upgraded database are not lost; payload `{ deliveryId }`.
 */
export const DELIVERY_TASK = 'perch_webhook_delivery';

/**
 * Starts graphile-worker on DATABASE_URL: it installs its schema (graphile_worker) on first
 * run and takes jobs as they are committed (LISTEN/NOTIFY), shared by every instance.
 */
export async function startJobQueue(taskList: TaskList, concurrency: number): Promise<Runner> {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error('DATABASE_URL is not set');
  return run({
    connectionString,
    concurrency,
    // One connection per job running at once, and one for listening.
    maxPoolSize: concurrency + 2,
    noHandleSignals: true,
    pollInterval: 2_000,
    taskList,
    logger: quietLogger,
  });
}

// graphile-worker logs every job at info level; keep warnings and errors only.
const quietLogger = new Logger(() => (level: string, message: string) => {
  if (level === 'error') log.error(message);
  else if (level === 'warning') log.warn(message);
});

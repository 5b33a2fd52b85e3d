import { getPool } from '@/lib/db/pool';
import { startJobQueue } from '@/lib/delivery/job-queue';
import { superviseJobQueue } from '@/lib/delivery/supervise-job-queue';
import { runReportedLoop } from '@/lib/health/run-reported-loop';
import { exportsToRun, deleteExpiredExports } from '@/lib/exports/export-runs';
import { exportFileName, type ExportStorage } from '@/lib/exports/export-storage';
import { exportRetentionDays } from '@/lib/exports/export-record';
import { instanceId } from '@/lib/metering/instance-id';
import type { ServedPlatforms } from '@/lib/platform/served-platforms';
import { runExportSlice } from './run-export';

/** graphile-worker's task of one slice of an export; payload `{ exportId }`. */
export const EXPORT_TASK = 'perch_export_slice';

/**
 * Queues a slice of the export (now, or at `runAt`). Keyed by export: at most one waits; a
 * slice already running (or left locked by a dead worker) gets a new job beside it, and the
 * export's own claim lets only one of them page.
 */
export async function queueExportJob(id: string, runAt?: Date): Promise<void> {
  await getPool().query(
    `SELECT graphile_worker.add_job('${EXPORT_TASK}', json_build_object('exportId', $1::text), job_key := 'perch_export_' || $1,
       job_key_mode := 'preserve_run_at', max_attempts := 3, run_at := coalesce($2::timestamptz, now()))`,
    [id, runAt ?? null],
  );
}

function numberFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${process.env[name]}`);
  return value;
}

export type ExportRunner = { stop(): Promise<void> };

/**
 * Runs exports on this instance: a graphile-worker runner of its own (PERCH_EXPORT_CONCURRENCY
 * slices at once, 2 by default), so long exports never take the workers webhook deliveries
 * need; and a sweeper that queues exports whose runner died or whose pause has ended, and
 * deletes finished ones after PERCH_EXPORT_RETENTION_DAYS.
 */
export async function startExportRunner(served: ServedPlatforms, storage: ExportStorage): Promise<ExportRunner> {
  const leaseMs = numberFromEnv('PERCH_EXPORT_LEASE_MS', 60_000);
  let stopping = false;
  const options = {
    stopping: () => stopping,
    owner: instanceId(),
    leaseMs,
    sliceMs: numberFromEnv('PERCH_EXPORT_SLICE_MS', 20_000),
    failAfterMs: numberFromEnv('PERCH_EXPORT_FAIL_AFTER_MS', 3_600_000),
    // A page's read must end well within the lease, or another runner would take the export over meanwhile.
    pageTimeoutMs: Math.min(numberFromEnv('PERCH_OPERATION_TIMEOUT_MS', 30_000), leaseMs / 2),
    storage,
    served,
    requeue: queueExportJob,
  };
  const retentionDays = exportRetentionDays();
  const queue = await superviseJobQueue(() =>
    startJobQueue(
      {
        [EXPORT_TASK]: async (payload) => {
          await runExportSlice(String((payload as { exportId: unknown }).exportId), options);
        },
      },
      numberFromEnv('PERCH_EXPORT_CONCURRENCY', 2),
    ),
  );
  let lastCleanup = 0;
  const stopSweeper = runReportedLoop({
    name: 'export_sweeper',
    intervalMs: numberFromEnv('PERCH_EXPORT_SWEEP_MS', 2_000),
    log: { tag: 'exports', recovered: 'the export sweeper works again', failed: 'the export sweeper failed' },
    pass: async () => {
      for (const id of await exportsToRun()) await queueExportJob(id);
      if (Date.now() - lastCleanup < 3_600_000) return;
      for (const gone of await deleteExpiredExports(retentionDays)) await storage.remove(exportFileName(gone.id, gone.format));
      lastCleanup = Date.now();
    },
  });
  return {
    stop: async () => {
      // Slices in flight end after their page and hand their export back, so the queue's stop waits for one page, not a slice.
      stopping = true;
      await stopSweeper();
      await queue.stop();
    },
  };
}

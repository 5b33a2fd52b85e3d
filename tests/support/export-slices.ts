import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runMigrations } from 'graphile-worker';
import { runExportSlice, type ExportRunOptions, type ExportRunOutcome } from '@/lib/api/exports/run-export';
import { localExportStorage } from '@/lib/exports/local-export-storage';
import { getServedPlatforms } from '@/lib/platform/served-platforms';

// Exports run slice by slice in the test's own process (no job queue), as
// tests/integration/exports-run.test.ts does, with their files in a temporary directory.

export type ExportSlices = {
  directory: string;
  options: ExportRunOptions;
  /** Runs slices of the export until it ends (or pauses); the last outcome. */
  runToEnd(id: string): Promise<ExportRunOutcome>;
  /** The export's file on disk. */
  file(id: string, format?: 'jsonl' | 'csv'): string;
  remove(): void;
};

/**
 * Options for runExportSlice over a fresh temporary directory, which also becomes this process's
 * PERCH_EXPORT_DIR (so call it before anything reads exportStorage(): the download serves from
 * there); graphile-worker's schema installed (end events are queued on it).
 */
export async function exportSlices(): Promise<ExportSlices> {
  await runMigrations({ connectionString: process.env.DATABASE_URL });
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-exports-'));
  process.env.PERCH_EXPORT_DIR = directory;
  const options: ExportRunOptions = {
    owner: 'test-runner',
    leaseMs: 60_000,
    sliceMs: 60_000,
    failAfterMs: 3_600_000,
    pageTimeoutMs: 30_000,
    storage: localExportStorage(directory),
    served: getServedPlatforms(),
    requeue: async () => undefined,
  };
  return {
    directory,
    options,
    async runToEnd(id) {
      for (;;) {
        const outcome = await runExportSlice(id, options);
        if (outcome !== 'yielded') return outcome;
      }
    },
    file: (id, format = 'jsonl') => path.join(directory, `export-${id}.${format}`),
    remove: () => fs.rmSync(directory, { recursive: true, force: true }),
  };
}

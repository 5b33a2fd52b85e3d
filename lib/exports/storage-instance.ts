import type { ExportStorage } from './export-storage';
import { localExportStorage } from './local-export-storage';

let storage: ExportStorage | null = null;

/** The process's export storage: the local directory (PERCH_EXPORT_DIR); docs/exports.md says how to add a bucket. */
export function exportStorage(): ExportStorage {
  storage ??= localExportStorage();
  return storage;
}

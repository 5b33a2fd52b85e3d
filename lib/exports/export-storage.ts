import type { Readable } from 'node:stream';

/**
 * Where export files live (docs/exports.md). A job writes each page at the file's committed
 * length, so a page written by a runner that died before committing it is simply written over:
 * the file never holds a page twice. The local directory is the default; an S3-compatible
 * bucket fits the same five calls (docs/exports.md says how).
 */
export type ExportStorage = {
  /** Writes `data` at `offset` and cuts the file there plus `data`'s length (creating it if need be). */
  writeAt(name: string, offset: number, data: Buffer): Promise<void>;
  /** Cuts the file to `length` bytes (creating it empty when missing), dropping what an uncommitted page left. */
  truncate(name: string, length: number): Promise<void>;
  /** The file's length in bytes, or null when it does not exist. */
  size(name: string): Promise<number | null>;
  /** Bytes `start`..`end` (inclusive) of the file, or all of it; null when the file is gone. */
  read(name: string, range?: { start: number; end: number }): Promise<Readable | null>;
  /** Deletes the file; nothing when it is already gone. */
  remove(name: string): Promise<void>;
};

/** The file name of an export's data: its id and format, nothing a caller chose. */
export function exportFileName(id: string, format: 'jsonl' | 'csv'): string {
  if (!/^[0-9]{1,19}$/.test(id)) throw new RangeError(`not an export id: ${id}`);
  return `export-${id}.${format}`;
}

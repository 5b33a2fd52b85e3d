import type { ExportFormat } from '../export-store';
import type { ExportRecordKind } from '../record-kind';
import { csvWriter } from './csv-writer';
import { jsonlWriter } from './jsonl-writer';

/**
 * Turns an export's pages into its file's bytes: a header once (CSV's column names), then each
 * page's records as lines. Pure and stateless, so a page rewritten after a crash comes out the same.
 */
export type RecordWriter = {
  /** What the file starts with, before the first page ('' for JSONL). */
  header(): string;
  /** One page's records as the lines that follow in the file, each ending in a newline. */
  page(records: readonly unknown[]): string;
};

/** The writer of a format for records of a kind. */
export function recordWriter(format: ExportFormat, kind: ExportRecordKind): RecordWriter {
  if (format === 'jsonl') return jsonlWriter();
  return csvWriter(kind);
}

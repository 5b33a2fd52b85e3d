import { once } from 'node:events';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

// Rows are joined into chunks of this many characters before they go to the socket: one
// write per row would spend more time in stream bookkeeping than in generating the row.
const CHUNK_CHARS = 1 << 17;

/**
 * Streams rows (each a complete COPY text line) into `table (columns)` with COPY FROM STDIN,
 * waiting whenever the socket is full so memory stays flat. Returns the number of rows.
 * FREEZE: the seed truncated the table in this transaction, so rows can be written frozen
 * and visible to index-only scans without a later VACUUM.
 */
export async function copyRows(client: pg.Client, table: string, columns: readonly string[], rows: Iterable<string>): Promise<number> {
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT text, FREEZE true)`));
  let failure: Error | undefined;
  // Without a listener a server-side error would be an unhandled 'error' event.
  stream.on('error', (error: Error) => {
    failure = error;
  });
  let count = 0;
  let chunk = '';
  for (const row of rows) {
    chunk += row;
    count++;
    if (chunk.length >= CHUNK_CHARS) {
      if (failure) throw failure;
      const ok = stream.write(chunk);
      chunk = '';
      // once() rejects when the stream emits 'error' first.
      if (!ok) await once(stream, 'drain');
    }
  }
  if (failure) throw failure;
  await new Promise<void>((resolve, reject) => {
    stream.once('error', reject);
    stream.once('finish', resolve);
    stream.end(chunk);
  });
  return count;
}

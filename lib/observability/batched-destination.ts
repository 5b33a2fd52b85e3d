// The server's log lines gathered in an array and handed to sonic-boom as one string per batch.
// sonic-boom's own batching (minLength) appends each line to its pending string and then takes
// Buffer.byteLength of that whole string, which flattens it: a copy of up to 16 KiB per line,
// half of the cost of a call's log line (CPU profile of 'metrics and logs on', npm run bench).
import type { DestinationStream } from 'pino';

/** What the logger writes to: pino calls write per line, flush on demand, flushSync on exit. */
export type LineDestination = DestinationStream & { write(line: string): boolean; flush(cb?: (error?: Error) => void): void; flushSync(): void };

type Target = { write(data: string): boolean; flush(cb?: (error?: Error) => void): void; flushSync(): void };

/**
 * Lines written to `target` once `batchChars` characters have gathered, or when flushed.
 * The last lines are written synchronously when the process exits.
 */
export function batchedDestination(target: Target, batchChars: number): LineDestination {
  let lines: string[] = [];
  let chars = 0;
  const pass = () => {
    if (lines.length === 0) return;
    const batch = lines.length === 1 ? lines[0] : lines.join('');
    lines = [];
    chars = 0;
    target.write(batch);
  };
  const destination: LineDestination = {
    write(line: string): boolean {
      lines.push(line);
      chars += line.length;
      if (chars >= batchChars) pass();
      return true;
    },
    flush(cb?: (error?: Error) => void): void {
      pass();
      target.flush(cb);
    },
    flushSync(): void {
      pass();
      target.flushSync();
    },
  };
  process.on('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // stdout gone (EPIPE) or not ready: nothing left to write to.
    }
  });
  return destination;
}

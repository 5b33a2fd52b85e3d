// The server's log lines encoded into a buffer as they are logged, and handed to sonic-boom a
// full buffer at a time. Kept as strings until their batch was full (up to 64 KiB, some 160
// lines), the lines could outlive the young generation's collections that ran meanwhile (each
// copies what is still alive), and were joined, measured and encoded again on the way out.
// Encoded at once, a line is garbage as soon as it is written. sonic-boom (contentMode 'buffer')
// writes each batch as it comes, one write for some 160 calls.
import type { DestinationStream } from 'pino';

/** What the logger writes to: pino calls write per line, flush on demand, flushSync on exit. */
export type LineDestination = DestinationStream & { write(line: string): boolean; flush(cb?: (error?: Error) => void): void; flushSync(): void };

/** Where full batches go: sonic-boom in contentMode 'buffer' (its types know only strings). */
export type BatchTarget = { write(data: Buffer): boolean; flush(cb?: (error?: Error) => void): void; flushSync(): void };

// A UTF-16 code unit takes at most 3 bytes in UTF-8 (a surrogate pair, two units, takes 4).
const MAX_BYTES_PER_UNIT = 3;

/**
 * Lines written to `target` once a batch of `batchBytes` bytes would overflow, or when flushed.
 * The last lines are written synchronously when the process exits.
 */
export function batchedDestination(target: BatchTarget, batchBytes: number): LineDestination {
  let batch = Buffer.allocUnsafe(batchBytes);
  let used = 0;
  const pass = () => {
    if (used === 0) return;
    const full = batch.subarray(0, used);
    // A new buffer: the full one is the target's until its write is done.
    batch = Buffer.allocUnsafe(batchBytes);
    used = 0;
    target.write(full);
  };
  const destination: LineDestination = {
    write(line: string): boolean {
      // Room for the line's longest encoding, or the batch leaves first (no byte count per line).
      const most = line.length * MAX_BYTES_PER_UNIT;
      if (used + most > batchBytes) {
        pass();
        // A line longer than a batch is written on its own.
        if (most > batchBytes) return target.write(Buffer.from(line, 'utf8'));
      }
      used += batch.write(line, used, 'utf8');
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

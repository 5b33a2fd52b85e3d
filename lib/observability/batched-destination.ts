// The server's log lines encoded into a buffer as they are logged, and handed to sonic-boom a
// full buffer at a time. Kept as strings until their batch was full (up to 64 KiB, some 160
// lines), the lines could outlive the young generation's collections that ran meanwhile (each
// copies what is still alive), and were joined, measured and encoded again on the way out.
// Encoded at once, a line is garbage as soon as it is written. sonic-boom (contentMode 'buffer')
// writes each batch as it comes, one write for some 160 calls.
//
// A line may also be deferred: handed over as a record that makes its line later, when the
// next line is written, when DEFERRED_LINES of them wait, or when flushed. The call line is
// (call-line.ts). Made in the middle of each call, it cost the server 17 µs per call (± 7; one
// server, the line switched on and off in turns under one load), six times its cost in a loop
// of its own; made in runs of up to 128, 1 µs (± 8), most likely because its code and data then
// stay in the CPU's caches. Deferred lines keep their place: a line written meanwhile goes after them.
import type { DestinationStream } from 'pino';

/** A line whose text is made when it is written (its fields and time taken when it was logged). */
export type DeferredLine = { line(): string };

/** What the logger writes to: pino calls write per line, flush on demand, flushSync on exit. */
export type LineDestination = DestinationStream & {
  write(line: string): boolean;
  flush(cb?: (error?: Error) => void): void;
  flushSync(): void;
  /** Queues a line made later, in order with the lines written meanwhile (absent: write it now). */
  defer?(line: DeferredLine): void;
};

/** Where full batches go: sonic-boom in contentMode 'buffer' (its types know only strings). */
export type BatchTarget = { write(data: Buffer): boolean; flush(cb?: (error?: Error) => void): void; flushSync(): void };

// A UTF-16 code unit takes at most 3 bytes in UTF-8 (a surrogate pair, two units, takes 4).
const MAX_BYTES_PER_UNIT = 3;

// Deferred lines made at once at most: some 50 KB of call lines, less than a batch.
const DEFERRED_LINES = 128;

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
  const append = (line: string): boolean => {
    // Room for the line's longest encoding, or the batch leaves first (no byte count per line).
    const most = line.length * MAX_BYTES_PER_UNIT;
    if (used + most > batchBytes) {
      pass();
      // A line longer than a batch is written on its own.
      if (most > batchBytes) return target.write(Buffer.from(line, 'utf8'));
    }
    used += batch.write(line, used, 'utf8');
    return true;
  };
  const deferred: DeferredLine[] = [];
  const makeDeferred = () => {
    for (let i = 0; i < deferred.length; i += 1) append(deferred[i].line());
    deferred.length = 0;
  };
  const destination: LineDestination = {
    write(line: string): boolean {
      if (deferred.length > 0) makeDeferred();
      return append(line);
    },
    defer(line: DeferredLine): void {
      deferred.push(line);
      if (deferred.length >= DEFERRED_LINES) makeDeferred();
    },
    flush(cb?: (error?: Error) => void): void {
      makeDeferred();
      pass();
      target.flush(cb);
    },
    flushSync(): void {
      makeDeferred();
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

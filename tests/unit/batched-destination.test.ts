import { describe, expect, it } from 'vitest';
import { batchedDestination, type BatchTarget } from '@/lib/observability/batched-destination';

/** A target keeping each batch it is handed, as sonic-boom would write it. */
function recordingTarget() {
  const batches: Buffer[] = [];
  const target: BatchTarget = {
    write: (data) => (batches.push(Buffer.from(data)), true),
    flush: (cb) => cb?.(),
    flushSync: () => undefined,
  };
  return { target, batches, text: () => Buffer.concat(batches).toString('utf8') };
}

describe('the batched log destination', () => {
  it('hands over whole lines in order, in batches no larger than asked, the rest when flushed', () => {
    const { target, batches, text } = recordingTarget();
    const destination = batchedDestination(target, 1024);
    const lines = Array.from({ length: 50 }, (_, i) => `{"n":${i},"msg":"line ${'x'.repeat(i)}"}\n`);
    for (const line of lines) destination.write(line);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(1024);
      // Every batch ends with a whole line.
      expect(batch.at(-1)).toBe(0x0a);
    }
    const handed = batches.length;
    destination.flush();
    expect(batches.length).toBe(handed + 1);
    expect(text()).toBe(lines.join(''));
    // Nothing left: another flush hands over nothing.
    destination.flushSync();
    expect(batches.length).toBe(handed + 1);
  });

  it('keeps multi-byte characters whole across batches, and writes a line longer than a batch on its own', () => {
    const { target, batches, text } = recordingTarget();
    const destination = batchedDestination(target, 64);
    const lines = ['{"msg":"café"}\n', '{"msg":"🐦 perch"}\n', `{"msg":"${'é'.repeat(40)}"}\n`, '{"msg":"ok"}\n'];
    for (const line of lines) destination.write(line);
    destination.flushSync();
    expect(text()).toBe(lines.join(''));
    // The 40 é line (87 bytes) is a batch of its own.
    expect(batches.map((batch) => batch.toString('utf8'))).toContain(lines[2]);
  });

  it('makes deferred lines when the next line comes, when many wait or when flushed, keeping their order', () => {
    const { target, batches, text } = recordingTarget();
    const destination = batchedDestination(target, 65_536);
    const made: number[] = [];
    const deferred = (n: number) => ({
      line: () => {
        made.push(n);
        return `{"deferred":${n}}\n`;
      },
    });
    destination.defer!(deferred(1));
    destination.defer!(deferred(2));
    // Not made until something needs them.
    expect(made).toEqual([]);
    destination.write('{"written":3}\n');
    expect(made).toEqual([1, 2]);
    destination.defer!(deferred(4));
    destination.flushSync();
    expect(text()).toBe('{"deferred":1}\n{"deferred":2}\n{"written":3}\n{"deferred":4}\n');
    // A long run is made 128 at a time, without a flush: it does not grow without bound.
    const handed = batches.length;
    for (let n = 0; n < 1000; n += 1) destination.defer!(deferred(100 + n));
    expect(made.length).toBe(3 + 7 * 128);
    destination.flush();
    expect(batches.length).toBeGreaterThan(handed);
    expect(made.slice(3)).toEqual(Array.from({ length: 1000 }, (_, n) => 100 + n));
  });
});

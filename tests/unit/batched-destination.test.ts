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
});

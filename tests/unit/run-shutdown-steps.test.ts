import { describe, expect, it } from 'vitest';
import { runShutdownSteps } from '@/lib/server/run-shutdown-steps';
import { captureLogs } from '../support/log-capture';

describe('runShutdownSteps', () => {
  it('abandons a step that hangs and still runs the later ones, in order', async () => {
    const ran: string[] = [];
    const log = captureLogs();
    await runShutdownSteps(
      [
        { name: 'first', run: async () => void ran.push('first') },
        { name: 'hangs', run: () => new Promise<void>(() => ran.push('hangs')) },
        { name: 'fails', run: async () => Promise.reject(new Error('database gone')).finally(() => ran.push('fails')) },
        { name: 'last', run: async () => void ran.push('last') },
      ],
      5000,
      { perStepMs: 50 },
    );
    expect(ran).toEqual(['first', 'hangs', 'fails', 'last']);
    expect(log.records().map((record) => record.msg)).toEqual([
      expect.stringMatching(/hangs did not finish within 50 ms/),
      expect.stringMatching(/\(fails\): database gone/),
    ]);
    log.restore();
  });

  it('keeps time for the last step (stopping the database) however long the others hang', async () => {
    const ran: string[] = [];
    const log = captureLogs();
    await runShutdownSteps(
      [
        { name: 'hangs', run: () => new Promise<void>(() => ran.push('hangs')) },
        { name: 'hangs too', run: () => new Promise<void>(() => ran.push('hangs too')) },
        { name: 'last', run: async () => void ran.push('last') },
      ],
      90,
      { perStepMs: 1000 },
    );
    expect(ran[0]).toBe('hangs');
    expect(ran.at(-1)).toBe('last');
    log.restore();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { runShutdownSteps } from '@/lib/server/run-shutdown-steps';

describe('runShutdownSteps', () => {
  it('abandons a step that hangs and still runs the later ones, in order', async () => {
    const ran: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
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
    expect(error.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringMatching(/hangs did not finish within 50 ms/),
      expect.stringMatching(/\(fails\): database gone/),
    ]);
    error.mockRestore();
  });

  it('keeps time for the last step (stopping the database) however long the others hang', async () => {
    const ran: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
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
    error.mockRestore();
  });
});

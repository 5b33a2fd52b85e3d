import { vi } from 'vitest';
import { logDestination } from '@/lib/observability/logger';

export type LogRecord = { level: number; msg: string; component?: string; [field: string]: unknown };

/**
 * Catches (and keeps quiet) what this process's loggers write from now on: `records()` gives
 * them parsed, `restore()` lets them through again. For the logs of code under test in-process;
 * a server's logs are in its output (tests/support/api-server.ts).
 */
export function captureLogs(): { records: () => LogRecord[]; restore: () => void } {
  if (!logDestination) throw new Error('logs are pretty-printed (a TTY): run the tests with stdout not a terminal');
  // Kept here, not read from the spy: restoring a spy forgets the calls it caught.
  const written: string[] = [];
  const spy = vi.spyOn(logDestination, 'write').mockImplementation((chunk: string) => {
    written.push(String(chunk));
    return true;
  });
  return {
    records: () =>
      written.flatMap((chunk) =>
        chunk
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line) as LogRecord),
      ),
    restore: () => spy.mockRestore(),
  };
}

import { componentLogger } from '@/lib/observability/logger';
import type { ChildProcess } from 'node:child_process';
import { flushBufferedUsage } from './meter';

const log = componentLogger('metering');

// The dashboard runs in a child process of server.ts (dashboard-server.ts), but the server's /v2
// calls are metered in the parent, whose usage is written behind (every PERCH_USAGE_FLUSH_MS).
// Before a page reads balances or usage, the child asks the parent over their IPC channel to
// write what it has answered, so the page shows every call the server answered before it was
// opened. The wait is bounded: a parent that cannot write now (database away) leaves the page
// with what is stored.

const WAIT_MS = 1_000;

type FlushRequest = { perchFlushUsage: number };
type FlushAnswer = { perchUsageFlushed: number };

/** Parent side: writes the buffered usage whenever the dashboard process asks, and says when done. */
export function answerUsageFlushRequests(child: ChildProcess): void {
  child.on('message', (message: Partial<FlushRequest> | null) => {
    const id = message?.perchFlushUsage;
    if (typeof id !== 'number') return;
    flushBufferedUsage()
      .catch((error: Error) => log.error({ err: error }, `usage flush asked for by the dashboard failed: ${error.message}`))
      .finally(() => {
        // A child that exited meanwhile cannot be answered: nothing waits any more.
        if (child.connected) child.send({ perchUsageFlushed: id } satisfies FlushAnswer, () => undefined);
      });
  });
}

let nextId = 1;
const waiting = new Map<number, () => void>();

function listen(): void {
  process.on('message', (message: Partial<FlushAnswer> | null) => {
    const id = message?.perchUsageFlushed;
    if (typeof id === 'number') waiting.get(id)?.();
  });
}

/**
 * Child side: asks server.ts to write the usage it has buffered and waits for it (at most 1 s).
 * At once outside the dashboard process.
 */
export function flushParentUsage(): Promise<void> {
  const send = process.send?.bind(process);
  if (!process.env.PERCH_DASHBOARD_SOCKET || !send || !process.connected) return Promise.resolve();
  if (nextId === 1) listen();
  const id = nextId++;
  return new Promise<void>((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve();
    };
    const timer = setTimeout(done, WAIT_MS);
    waiting.set(id, done);
    send({ perchFlushUsage: id } satisfies FlushRequest, undefined, {}, (error: Error | null) => {
      if (error) done();
    });
  });
}

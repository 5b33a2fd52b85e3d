import { componentLogger } from '@/lib/observability/logger';
import { flushBufferedUsage } from './meter';
import { flushParentUsage } from './usage-flush-requests';

const log = componentLogger('metering');

/**
 * Writes the usage of every call this server has answered (its own buffer and, in the
 * dashboard's process, server.ts's): run before reading balances or usage for a page, so they
 * include a call answered a moment before. A flush that fails leaves the stored figures.
 */
export async function writeAnsweredUsage(): Promise<void> {
  await Promise.all([flushBufferedUsage().catch((error: Error) => log.error({ err: error }, `usage flush before a read failed: ${error.message}`)), flushParentUsage()]);
}

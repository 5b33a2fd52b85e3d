import { componentLogger } from '@/lib/observability/logger';
import { platformSeedStatus } from '@/lib/platform/seed/seed-state';

const log = componentLogger('seed');

/**
 * Seeds the embedded platform when it has never been seeded completely: on first start,
 * and after a seed that was interrupted (its transaction rolled back, or data without a
 * 'complete' mark).
 */
export async function ensurePlatformSeeded(url: string, scale: 'demo' | 'bench' | 'test'): Promise<void> {
  const status = await platformSeedStatus(url);
  if (status === 'complete') return;
  log.info({ status, scale }, `platform ${status === 'empty' ? 'is empty' : 'was left half-seeded'}: seeding the ${scale} scale`);
  // The seeder (faker's locales: about 17 MB of heap) is loaded only to seed, not by every
  // server start that finds the platform seeded.
  const { seedPlatform } = await import('@/lib/platform/seed/seed-platform');
  const started = Date.now();
  let lastPhase = '';
  const counts = await seedPlatform({
    url,
    scale,
    onProgress: ({ phase }) => {
      if (phase !== lastPhase) log.info(phase);
      lastPhase = phase;
    },
  });
  const summary = Object.entries(counts).map(([table, n]) => `${table} ${n}`).join(', ');
  log.info({ duration_ms: Date.now() - started }, `done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary}`);
}

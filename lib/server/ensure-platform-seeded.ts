import { platformSeedStatus, seedPlatform } from '@/lib/platform/seed/seed-platform';

/**
 * Seeds the embedded platform when it has never been seeded completely: on first start,
 * and after a seed that was interrupted (its transaction rolled back, or data without a
 * 'complete' mark).
 */
export async function ensurePlatformSeeded(url: string, scale: 'demo' | 'bench' | 'test'): Promise<void> {
  const status = await platformSeedStatus(url);
  if (status === 'complete') return;
  console.log(`[seed] platform ${status === 'empty' ? 'is empty' : 'was left half-seeded'}: seeding the ${scale} scale`);
  const started = Date.now();
  let lastPhase = '';
  const counts = await seedPlatform({
    url,
    scale,
    onProgress: ({ phase }) => {
      if (phase !== lastPhase) console.log(`[seed] ${phase}`);
      lastPhase = phase;
    },
  });
  const summary = Object.entries(counts).map(([table, n]) => `${table} ${n}`).join(', ');
  console.log(`[seed] done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary}`);
}

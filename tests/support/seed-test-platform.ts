import { seedPlatform } from '@/lib/platform/seed/seed-platform';

/** The test dataset's fixed moment: tests can rely on exact times and ids. */
export const TEST_SEED_ANCHOR = new Date('2026-11-01T00:00:00Z');
export const TEST_SEED = 42;

/** Fills the test database's platform with the generator's small `test` scale. */
export async function seedTestPlatform(url: string): Promise<void> {
  await seedPlatform({ url, scale: 'test', seed: TEST_SEED, anchor: TEST_SEED_ANCHOR });
}

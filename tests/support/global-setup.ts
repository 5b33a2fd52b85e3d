import type { TestProject } from 'vitest/node';
import { migrateDatabase } from '@/lib/db/migrate';
import { createTestDatabase } from './test-database';
import { seedTestPlatform } from './seed-test-platform';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** One database per test run: created, migrated and seeded here, dropped at the end. */
export default async function setup(project: TestProject) {
  const database = await createTestDatabase();
  try {
    await migrateDatabase(database.url, { quiet: true });
    await seedTestPlatform(database.url);
  } catch (error) {
    await database.drop();
    throw error;
  }
  project.provide('databaseUrl', database.url);
  return async () => {
    const { closePool } = await import('@/lib/db/pool');
    await closePool();
    await database.drop();
  };
}

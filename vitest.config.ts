import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@perch/client': path.resolve(import.meta.dirname, 'packages/client/src/index.ts'), '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/use-test-database.ts'],
    // Test receivers listen on 127.0.0.1: webhooks may reach loopback here (never by default in production).
    env: { PERCH_WEBHOOK_ALLOW_PRIVATE: '1' },
    // Integration files share one database; running them one at a time keeps counts and
    // live writes of one file from surprising another.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});

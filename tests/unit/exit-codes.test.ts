import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

// embedded-postgres's exit hook used to turn every natural exit into exit code 0, so a failed
// test run or a failed CLI command reported success (lib/db/keep-exit-codes.ts).
it('a process that loads the embedded PostgreSQL module keeps its exit code', () => {
  const script = "import('./lib/db/embedded-postgres.ts').then(() => { process.exitCode = 3; });";
  const run = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['--eval', script], { cwd: ROOT, encoding: 'utf8', input: '' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(3);
});

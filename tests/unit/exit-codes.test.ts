import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

// The embedded-postgres package's exit hook (async-exit-hook) once turned every natural exit
// into exit code 0, so a failed test run or a failed CLI command reported success. Perch now
// drives the PostgreSQL binaries itself; this keeps any such hook from coming back.
it('a process that loads the embedded PostgreSQL module keeps its exit code', () => {
  const script = "import('./lib/db/embedded-postgres.ts').then(() => { process.exitCode = 3; });";
  const run = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['--eval', script], { cwd: ROOT, encoding: 'utf8', input: '' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(3);
});

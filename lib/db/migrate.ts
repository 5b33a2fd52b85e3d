import { componentLogger } from '@/lib/observability/logger';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { StartupError } from './startup-error';

const log = componentLogger('db');

/**
 * Applies pending Prisma migrations (`prisma migrate deploy`, WebAssembly schema engine
 * configured in prisma.config.ts) to the database at `url`.
 */
export async function migrateDatabase(url: string, { quiet = false } = {}): Promise<void> {
  const require = createRequire(import.meta.url);
  const prismaCli = require.resolve('prisma/build/index.js');
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['--require', require.resolve('./unref-long-timers.cjs'), prismaCli, 'migrate', 'deploy'], {
      env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => output.push(chunk.toString());
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', resolve);
  });
  const text = output.join('');
  if (code !== 0) {
    const reason = text.split('\n').find((line) => /^Error|error:/i.test(line.trim())) ?? `exit code ${code}`;
    throw new StartupError(`database migration failed: ${reason.trim()}`);
  }
  if (!quiet) {
    const applied = text.match(/The following migration\(s\) have been applied:[\s\S]*/);
    log.info(applied ? `${applied[0].split('\n').filter((l) => l.includes('migration.sql')).length} migration(s) applied` : 'schema up to date');
  }
}

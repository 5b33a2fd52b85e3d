import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const MIGRATIONS = path.join(ROOT, 'prisma', 'migrations');

/** The migration directories, oldest first (Prisma applies them in name order). */
export function migrationNames(): string[] {
  return fs
    .readdirSync(MIGRATIONS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * Applies the migrations up to and including `last` to the database at `url`, with the same
 * runner as production (`prisma migrate deploy`, this repository's prisma.config.ts): the
 * config, schema and the wanted migration directories are copied, unchanged, into a temporary
 * project whose node_modules is this one's. Prisma records each with its checksum, so a later
 * `migrateDatabase(url)` from the real folder applies exactly the ones after `last`.
 */
export async function migrateUpTo(url: string, last: string): Promise<string[]> {
  const names = migrationNames();
  if (!names.includes(last)) throw new Error(`no migration ${last}`);
  const wanted = names.slice(0, names.indexOf(last) + 1);
  const project = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-migrate-up-to-'));
  try {
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(project, 'node_modules'), 'dir');
    fs.copyFileSync(path.join(ROOT, 'prisma.config.ts'), path.join(project, 'prisma.config.ts'));
    fs.mkdirSync(path.join(project, 'prisma', 'migrations'), { recursive: true });
    fs.copyFileSync(path.join(ROOT, 'prisma', 'schema.prisma'), path.join(project, 'prisma', 'schema.prisma'));
    fs.copyFileSync(path.join(MIGRATIONS, 'migration_lock.toml'), path.join(project, 'prisma', 'migrations', 'migration_lock.toml'));
    for (const name of wanted) fs.cpSync(path.join(MIGRATIONS, name), path.join(project, 'prisma', 'migrations', name), { recursive: true });
    const require = createRequire(import.meta.url);
    const prismaCli = require.resolve('prisma/build/index.js');
    const output: string[] = [];
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, ['--require', path.join(ROOT, 'lib', 'db', 'unref-long-timers.cjs'), prismaCli, 'migrate', 'deploy'], {
        cwd: project,
        env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0) throw new Error(`migrating up to ${last} failed (exit ${code}):\n${output.join('')}`);
    return wanted;
  } finally {
    fs.rmSync(project, { recursive: true, force: true });
  }
}

import { componentLogger } from '@/lib/observability/logger';
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from '@/lib/db/startup-error';
import { recordLineWriter, relayLogLines } from '@/lib/observability/relay-log-lines';

const log = componentLogger('build');

// What a production build depends on; a change to any of these makes `npm start` rebuild.
const SOURCES = ['app', 'components', 'lib', 'public', 'proxy.ts', 'next.config.js', 'postcss.config.mjs', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];
const IGNORED = new Set(['node_modules', '.next', '.data', 'generated']);

function walk(entry: string, out: string[]): void {
  if (!fs.existsSync(entry)) return;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) {
    out.push(`${entry}:${stat.size}:${stat.mtimeMs}`);
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) {
    if (!IGNORED.has(name)) walk(path.join(entry, name), out);
  }
}

/** A fingerprint of the build's sources: paths, sizes and modification times. */
export function sourceFingerprint(root: string): string {
  const entries: string[] = [];
  for (const source of SOURCES) walk(path.join(root, source), entries);
  return crypto.createHash('sha256').update(entries.map((e) => path.relative(root, e)).join('\n')).digest('hex');
}

/** Runs `next build` when there is no production build or its sources changed since. */
export async function ensureBuild(root: string): Promise<void> {
  const marker = path.join(root, '.next', 'perch-source-fingerprint');
  const fingerprint = sourceFingerprint(root);
  const built = fs.existsSync(path.join(root, '.next', 'BUILD_ID')) && fs.existsSync(marker);
  if (built && fs.readFileSync(marker, 'utf8') === fingerprint) return;

  log.info(built ? 'sources changed: rebuilding the dashboard' : 'no production build yet: building the dashboard (a minute or two)');
  const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  const writeRecord = await recordLineWriter();
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, 'build'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    });
    // Its output becomes records of ours: stdout stays one JSON record per line.
    relayLogLines(child.stdout, writeRecord, 'info', log);
    relayLogLines(child.stderr, writeRecord, 'warn', log);
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new StartupError(`next build failed (exit code ${code}): see the build's log records above`);
  fs.writeFileSync(marker, fingerprint);
}

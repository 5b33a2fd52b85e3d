import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// scripts/ensure-test-tools.mjs runs before `npm test` (package.json's pretest). Each case runs
// it in a temporary world: a PATH of its own (no apt-get, no openssl unless the case puts a
// stand-in there) and PLAYWRIGHT_CHROMIUM_PATH pointing into the temporary directory.

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SCRIPT = path.join(ROOT, 'scripts', 'ensure-test-tools.mjs');
const PACKAGE = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A temporary directory with an empty bin/ for PATH, and where Chromium would be. */
function world() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-test-tools-'));
  dirs.push(dir);
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  return { dir, bin, chromium: path.join(dir, 'chromium') };
}

function executable(file: string, text = '#!/bin/sh\nexit 0\n'): void {
  fs.writeFileSync(file, text);
  fs.chmodSync(file, 0o755);
}

function run(bin: string, chromium: string) {
  return spawnSync(process.execPath, [SCRIPT], { env: { NODE_ENV: 'test', PATH: bin, PLAYWRIGHT_CHROMIUM_PATH: chromium, HOME: os.tmpdir() }, encoding: 'utf8' });
}

describe('ensure-test-tools (npm pretest)', () => {
  it('is what npm runs before npm test and npm run test:e2e', () => {
    expect(PACKAGE.scripts.pretest).toBe('node scripts/ensure-test-tools.mjs');
    expect(PACKAGE.scripts['pretest:e2e']).toBe(PACKAGE.scripts.pretest);
  });

  it('says nothing and lets the tests run when Chromium and openssl are there', () => {
    const { bin, chromium } = world();
    executable(chromium);
    executable(path.join(bin, 'openssl'));
    const result = run(bin, chromium);
    expect(result.status).toBe(0);
    expect(result.stdout + result.stderr).toBe('');
  });

  it('without them and without apt-get, stops npm test before its test script runs, with one line giving the command', () => {
    const { dir, bin, chromium } = world();
    // npm itself, the shell it runs scripts with and node, and nothing else: no apt-get, no openssl.
    fs.symlinkSync(process.execPath, path.join(bin, 'node'));
    fs.symlinkSync('/bin/sh', path.join(bin, 'sh'));
    const npmCli = path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
    fs.mkdirSync(path.join(dir, 'scripts'));
    fs.copyFileSync(SCRIPT, path.join(dir, 'scripts', 'ensure-test-tools.mjs'));
    const marker = path.join(dir, 'tests-ran');
    const project = { name: 'fresh-machine', version: '1.0.0', private: true, scripts: { pretest: PACKAGE.scripts.pretest, test: `node -e "require('fs').writeFileSync('${marker}', '')"` } };
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(project));
    const result = spawnSync(process.execPath, [npmCli, 'test'], {
      cwd: dir,
      env: { NODE_ENV: 'test', PATH: bin, PLAYWRIGHT_CHROMIUM_PATH: chromium, HOME: dir, npm_config_update_notifier: 'false', npm_config_cache: path.join(dir, '.npm') },
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).not.toBe(0);
    expect(fs.existsSync(marker)).toBe(false);
    const lines = result.stderr.split('\n').filter((line) => line.startsWith('npm test needs'));
    expect(lines).toHaveLength(1);
    const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
    expect(lines[0]).toContain(`run \`${sudo}apt-get update && ${sudo}apt-get install -y chromium openssl\``);
    expect(lines[0]).toContain(`Chromium at ${chromium}`);
  });

  it('names only what is missing', () => {
    const { bin, chromium } = world();
    executable(chromium);
    const result = run(bin, chromium);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^npm test needs the openssl CLI: run `(sudo )?apt-get update && (sudo )?apt-get install -y openssl`, then npm test again\n$/);
  });

  // Installing needs root: as anyone else the script only prints the command (the case above).
  it.runIf(process.getuid?.() === 0)('as root with apt-get, installs the missing packages, checks again and lets the tests run', () => {
    const { dir, bin, chromium } = world();
    const log = path.join(dir, 'apt-get.log');
    // A stand-in apt-get that records its arguments and, on install, puts the programs in place.
    executable(
      path.join(bin, 'apt-get'),
      `#!/bin/sh\necho "$DEBIAN_FRONTEND $*" >> ${log}\nif [ "$1" = install ]; then printf '#!/bin/sh\\n' > ${chromium}; /bin/chmod +x ${chromium}; printf '#!/bin/sh\\n' > ${bin}/openssl; /bin/chmod +x ${bin}/openssl; fi\n`,
    );
    const result = run(bin, chromium);
    expect(result.status, result.stderr).toBe(0);
    expect(fs.readFileSync(log, 'utf8')).toBe('noninteractive update -qq\nnoninteractive install -y -qq chromium openssl\n');
  });

  it.runIf(process.getuid?.() === 0)('as root, when apt-get fails, still stops with the command', () => {
    const { bin, chromium } = world();
    executable(path.join(bin, 'apt-get'), '#!/bin/sh\nexit 100\n');
    const result = run(bin, chromium);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('apt-get install -y chromium openssl');
  });
});

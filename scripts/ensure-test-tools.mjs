// npm runs this before `npm test` (and `npm run test:e2e`): the tests need two programs that
// npm cannot install. The browser tests drive Debian's Chromium (Playwright's own browser
// download does not work offline), and the fake X API makes its test certificate with the
// openssl CLI. Without them the browser tests would fail only after the unit and integration
// tests had run for minutes. So: install Debian's packages when this user may (root with
// apt-get), else stop before anything runs, with one line saying the command to run.
// Plain Node (no tsx, no dependencies): it runs before anything else is known to work.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Where the browser tests look for Chromium (playwright.config.ts reads the same variable). */
const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_PATH || '/usr/bin/chromium';

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The program's path on PATH, or null. */
function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

/** The Debian packages whose programs are missing. */
function missingPackages() {
  const missing = [];
  if (!isExecutable(chromiumPath)) missing.push('chromium');
  if (!onPath('openssl')) missing.push('openssl');
  return missing;
}

function apt(aptGet, args) {
  const result = spawnSync(aptGet, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return result.status === 0;
}

let missing = missingPackages();
if (missing.length === 0) process.exit(0);

const aptGet = onPath('apt-get');
const root = typeof process.getuid === 'function' && process.getuid() === 0;
if (root && aptGet) {
  console.error(`ensure-test-tools: installing Debian's ${missing.join(' and ')} for the tests (apt-get)`);
  if (apt(aptGet, ['update', '-qq']) && apt(aptGet, ['install', '-y', '-qq', ...missing])) missing = missingPackages();
  if (missing.length === 0) process.exit(0);
}

// One line, before anything ran: the exact command that makes `npm test` work.
const sudo = root ? '' : 'sudo ';
const custom = process.env.PLAYWRIGHT_CHROMIUM_PATH && missing.includes('chromium') ? ` (or point PLAYWRIGHT_CHROMIUM_PATH, now ${chromiumPath}, at a Chromium)` : '';
console.error(
  `npm test needs ${missing.map((name) => (name === 'chromium' ? `Chromium at ${chromiumPath}` : 'the openssl CLI')).join(' and ')}: run \`${sudo}apt-get update && ${sudo}apt-get install -y ${missing.join(' ')}\`${custom}, then npm test again`,
);
process.exit(1);

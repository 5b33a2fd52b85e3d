// The npm registry reachable here serves no builds of @next/swc and @tailwindcss/oxide for
// other platforms (macOS, Windows, FreeBSD, Android, WASI), so `npm install` leaves their
// optional entries out of package-lock.json and `npm ci` then refuses the lock file as out
// of sync. This adds them back as the public registry would record them: optional, with
// the os and cpu that make npm skip them on other machines. Run after `npm install`.
import fs from 'node:fs';

const OS = ['darwin', 'win32', 'freebsd', 'android', 'linux'];
const CPU = ['arm64', 'x64', 'arm', 'wasm32', 'ia32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}) };
}

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
let added = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const { os, cpu } = platformOf(name);
    if (!os && !cpu) continue; // not a platform build: a genuinely missing package, leave it to npm
    lock.packages[`node_modules/${name}`] = { version, ...(cpu ? { cpu } : {}), ...(entry.dev ? { dev: true } : {}), license: entry.license, optional: true, ...(os ? { os } : {}) };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform entries`);

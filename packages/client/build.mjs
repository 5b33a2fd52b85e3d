// Builds dist/: ES modules and declarations with tsc, then gives every relative import in
// them the `.js` extension Node's ES module loader needs. The sources import without
// extensions because the app that shares them (Next.js) resolves those, not `.js` aliases.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const here = path.dirname(new URL(import.meta.url).pathname);
const dist = path.join(here, 'dist');
fs.rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(here, 'tsconfig.json')], { stdio: 'inherit' });

const RELATIVE = /((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]+?)(['"])/g;
function withExtension(file) {
  const text = fs.readFileSync(file, 'utf8');
  const fixed = text.replace(RELATIVE, (match, before, specifier, after) => (/\.(js|json)$/.test(specifier) ? match : `${before}${specifier}.js${after}`));
  if (fixed !== text) fs.writeFileSync(file, fixed);
}
for (const entry of fs.readdirSync(dist, { recursive: true })) {
  const file = path.join(dist, String(entry));
  if (/\.(js|d\.ts)$/.test(file)) withExtension(file);
}

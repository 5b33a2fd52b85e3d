// Writes clients/python/perch/_generated.py from the OpenAPI document the server serves.
// `--check` only compares and exits 1 when the committed file is out of date.
import fs from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument } from '@/lib/api/openapi';
import { OPERATIONS } from '@/lib/api/registry';
import { renderPythonClient } from './python-client/render-python-client';

const target = path.resolve(import.meta.dirname, '..', 'clients', 'python', 'perch', '_generated.py');
const text = renderPythonClient(buildOpenApiDocument(OPERATIONS) as Parameters<typeof renderPythonClient>[0]);

if (process.argv.includes('--check')) {
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (current !== text) {
    console.error(`${path.relative(process.cwd(), target)} is out of date: run npm run generate:python`);
    process.exit(1);
  }
  console.log('the Python client is current');
} else {
  fs.writeFileSync(target, text);
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
}

// Writes the generated parts of both clients from the OpenAPI document the server serves:
// packages/client/src/generated/api-types.ts and clients/python/perch/_generated.py.
// `--check` only compares and exits 1 when a committed file is out of date.
import fs from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument } from '@/lib/api/openapi';
import { OPERATIONS } from '@/lib/api/registry';
import { renderClientTypes, type OpenApiDocument } from './client-types/render-client-types';
import { renderPythonClient } from './python-client/render-python-client';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Each generated file and its text for the current OpenAPI document. */
export function generatedClientFiles(): Array<{ file: string; text: string }> {
  const document = buildOpenApiDocument(OPERATIONS) as OpenApiDocument;
  return [
    { file: path.join(ROOT, 'packages', 'client', 'src', 'generated', 'api-types.ts'), text: renderClientTypes(document) },
    { file: path.join(ROOT, 'clients', 'python', 'perch', '_generated.py'), text: renderPythonClient(document as Parameters<typeof renderPythonClient>[0]) },
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const { file, text } of generatedClientFiles()) {
    const relative = path.relative(process.cwd(), file);
    if (check) {
      const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      if (current !== text) {
        console.error(`${relative} is out of date: run npm run generate:clients`);
        stale++;
      }
    } else {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
      console.log(`wrote ${relative}`);
    }
  }
  if (stale > 0) process.exit(1);
}

import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/api/openapi';
import { OPERATIONS } from '@/lib/api/registry';
import { renderPythonClient, snakeCase } from '@/scripts/python-client/render-python-client';

const GENERATED = path.resolve(import.meta.dirname, '..', '..', 'clients', 'python', 'perch', '_generated.py');

it('the Python client is generated from the current OpenAPI document (npm run generate:python)', () => {
  const expected = renderPythonClient(buildOpenApiDocument(OPERATIONS) as Parameters<typeof renderPythonClient>[0]);
  expect(fs.readFileSync(GENERATED, 'utf8') === expected, 'clients/python/perch/_generated.py is out of date: run npm run generate:python').toBe(true);
});

it('names every operation in snake_case, once', () => {
  const names = OPERATIONS.map((operation) => snakeCase(operation.id));
  expect(new Set(names).size).toBe(OPERATIONS.length);
  expect(snakeCase('getUserFollowerIds')).toBe('get_user_follower_ids');
  expect(snakeCase('from')).toBe('from_');
});

import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/api/registry';
import { snakeCase } from '@/scripts/python-client/render-python-client';
import { generatedClientFiles } from '@/scripts/generate-clients';

it.each(generatedClientFiles().map(({ file, text }) => [path.relative(process.cwd(), file), file, text]))(
  '%s is generated from the current OpenAPI document (npm run generate:clients)',
  (relative, file, text) => {
    expect(fs.readFileSync(file, 'utf8') === text, `${relative} is out of date: run npm run generate:clients`).toBe(true);
  },
);

it('names every operation in Python snake_case, once', () => {
  const names = OPERATIONS.map((operation) => snakeCase(operation.id));
  expect(new Set(names).size).toBe(OPERATIONS.length);
  expect(snakeCase('getUserFollowerIds')).toBe('get_user_follower_ids');
  expect(snakeCase('from')).toBe('from_');
});

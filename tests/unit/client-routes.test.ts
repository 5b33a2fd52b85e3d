import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/api/registry';
import { ROUTES } from '@perch/client';

// The client's route table is hand-kept data (it must not import the registry at run time);
// these tests make it impossible for the two to drift, and keep the client free of server code.

const ROOT = path.resolve(import.meta.dirname, '..', '..');

describe('the client route table', () => {
  it('is the registry: id, method, path, where inputs go, scope and paging, in order', () => {
    const fromRegistry = OPERATIONS.map((operation) => ({
      id: operation.id,
      method: operation.method,
      path: operation.path,
      input: operation.body ? 'body' : operation.query ? 'query' : null,
      scope: operation.scope,
      paged: Boolean(operation.paging),
    }));
    expect(ROUTES).toEqual(fromRegistry);
  });

  it('types not_found and changed on exactly the operations whose metaExtra declares them', () => {
    // operation-types.ts declares BatchMeta and ToggleMeta by hand, since the spec types metaExtra loosely.
    const withExtra = OPERATIONS.filter((operation) => operation.metaExtra).map((operation) => [operation.id, Object.keys(operation.metaExtra!.shape)]);
    expect(withExtra).toEqual([
      ['getUsersBatch', ['not_found']],
      ['getTweetsBatch', ['not_found']],
      ...['likeTweet', 'unlikeTweet', 'retweetTweet', 'unretweetTweet', 'followUser', 'unfollowUser'].map((id) => [id, ['changed']]),
    ]);
    for (const operation of OPERATIONS.filter((op) => op.metaExtra && 'not_found' in op.metaExtra.shape)) {
      expect(operation.metaExtra!.safeParse({ not_found: ['a'] }).success).toBe(true);
      expect(operation.metaExtra!.safeParse({ not_found: [1] }).success).toBe(false);
    }
  });
});

describe('the client bundle', () => {
  it('bundles for the browser from packages/client alone: no node: modules, no zod, no server code', async () => {
    const result = await build({
      entryPoints: [path.join(ROOT, 'packages/client/src/index.ts')],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.every((file) => file.startsWith('packages/client/src/')), inputs.join(', ')).toBe(true);
    const code = result.outputFiles[0].text;
    expect(code).not.toMatch(/\bnode:|require\(|process\.env\b/);
    // Unminified; the exports facade (downloads, records as they arrive) took it past 40 000.
    expect(code.length).toBeLessThan(48_000);
  });
});

import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/api/openapi';
import { ROUTED_OPERATIONS } from '@/lib/api/registry';

// The document GET /v2/openapi.json serves: every JSON operation and the event stream.
const document = buildOpenApiDocument(ROUTED_OPERATIONS) as {
  openapi: string;
  paths: Record<string, Record<string, { operationId: string; 'x-credits': { credits: number }; parameters: Array<{ name: string; in: string }>; requestBody?: unknown }>>;
  components: { schemas: Record<string, unknown> };
};
const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has all 39 contract operations, the 15 real-time ones and the stream, each once, with its cost', () => {
    const ids = operations.map((o) => o.operationId);
    expect(ids).toHaveLength(39 + 15 + 1);
    expect(new Set(ids).size).toBe(39 + 15 + 1);
    for (const operation of operations) expect(typeof operation['x-credits'].credits).toBe('number');
    expect(operations.find((o) => o.operationId === 'searchTweets')!['x-credits'].credits).toBe(15);
    expect(operations.find((o) => o.operationId === 'getAccount')!['x-credits'].credits).toBe(0);
  });

  it('describes parameters and bodies, and the contract records as shared components', () => {
    const getUserTweets = document.paths['/v2/users/{username}/tweets'].get;
    expect(getUserTweets.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['path:username', 'query:count', 'query:cursor', 'query:sort']));
    expect(document.paths['/v2/search'].post.requestBody).toBeDefined();
    for (const record of ['User', 'UserSummary', 'Tweet', 'Community', 'Trend', 'Error']) expect(document.components.schemas).toHaveProperty(record);
  });

  it('shows numeric and boolean inputs as their parsed types with limits and defaults', () => {
    const param = (path: string, name: string) => document.paths[path].get.parameters.find((p) => p.name === name) as unknown as { schema: Record<string, unknown> };
    expect(param('/v2/users/{username}/tweets', 'count').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000 });
    expect(param('/v2/users/{username}/followers-ids', 'count').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 5000 });
    expect(param('/v2/trending', 'count').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 50, default: 20 });
    const body = (document.paths['/v2/search'].post.requestBody as { content: { 'application/json': { schema: { properties: Record<string, unknown>; required: string[] } } } }).content['application/json'].schema;
    expect(body.properties.include_replies).toEqual({ type: 'boolean', default: true });
    expect(body.properties.min_likes).toMatchObject({ type: 'integer', minimum: 0 });
    expect(body.required).toEqual(['query']);
  });
});

import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/api/openapi';
import { ROUTED_OPERATIONS } from '@/lib/api/registry';
import { COUNTRIES, findTrendPlace } from '@/lib/platform/countries';
import { LOCAL_SYNTAX, LOCAL_TWEET_REFERENCE_PATTERN } from '@/lib/platform/syntax';

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

  it('has all 39 contract operations, the 15 real-time ones, the event list, the 8 of exports, the 2 of usage and the stream, each once, with its cost', () => {
    const ids = operations.map((o) => o.operationId);
    expect(ids).toHaveLength(39 + 15 + 1 + 8 + 2 + 1);
    expect(new Set(ids).size).toBe(39 + 15 + 1 + 8 + 2 + 1);
    expect(ids).toEqual(expect.arrayContaining(['createExport', 'estimateExport', 'listExports', 'getExport', 'cancelExport', 'deleteExport', 'downloadExport', 'exportEvents']));
    for (const operation of operations) expect(typeof operation['x-credits'].credits).toBe('number');
    expect(operations.find((o) => o.operationId === 'searchTweets')!['x-credits'].credits).toBe(15);
    expect(operations.find((o) => o.operationId === 'getAccount')!['x-credits'].credits).toBe(0);
    expect(operations.filter((o) => ['getUsage', 'listUsageEvents', 'listEvents'].includes(o.operationId)).map((o) => o['x-credits'].credits)).toEqual([0, 0, 0]);
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

// The document is as strict as the server: what it allows, the server takes (the contract test
// tests/integration/openapi-contract.test.ts sends generated requests through a validating proxy).
describe('the OpenAPI document, as strict as the server', () => {
  type Operation = (typeof operations)[number] & { responses: Record<string, { description: string; content?: Record<string, unknown> }> };
  type Schema = Record<string, any>;
  const all = operations as Operation[];
  const byId = (id: string) => all.find((o) => o.operationId === id)!;
  const bodyOf = (id: string) => (byId(id).requestBody as { content: { 'application/json': { schema: Schema } } }).content['application/json'].schema;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const accepts = (schema: Schema, value: unknown) => ajv.validate(schema, value) as boolean;

  it('closes every request body and says that a query parameter not listed is refused', () => {
    const withBody = all.filter((o) => o.requestBody);
    expect(withBody.length).toBeGreaterThan(10);
    for (const operation of withBody) expect(bodyOf(operation.operationId).additionalProperties, operation.operationId).toBe(false);
    for (const operation of all) expect(operation.responses['400'].description, operation.operationId).toContain('a query parameter it does not list');
    expect(accepts(bodyOf('searchTweets'), { query: 'hello', cuont: 5 })).toBe(false);
  });

  it('declares the event streams as such, an export download as its file types, every other success as JSON', () => {
    const streams = ['streamMatches', 'exportEvents'];
    const fileTypes = ['application/x-ndjson', 'text/csv'];
    for (const operation of all) {
      const types = Object.keys(operation.responses['200'].content ?? {});
      const expected = streams.includes(operation.operationId) ? ['text/event-stream'] : operation.operationId === 'downloadExport' ? fileTypes : ['application/json'];
      expect(types, operation.operationId).toEqual(expected);
    }
    const download = byId('downloadExport');
    const partial = download.responses['206'] as { content: Record<string, unknown> };
    const unsatisfiable = download.responses['416'] as unknown as { headers: Record<string, unknown> };
    expect(Object.keys(partial.content)).toEqual(fileTypes);
    expect(unsatisfiable.headers['Content-Range']).toBeDefined();
    expect((download.parameters as Array<{ name: string; in: string }>).filter((p) => p.in === 'header').map((p) => p.name)).toEqual(expect.arrayContaining(['Range', 'If-Range']));
  });

  it('takes exactly one of query, accounts, follows and profile in rule bodies', () => {
    for (const id of ['createRule', 'updateRule', 'validateRule']) {
      const body = bodyOf(id);
      expect(body.oneOf, id).toHaveLength(4);
      expect(accepts(body, { tag: 't', query: 'hello' })).toBe(true);
      expect(accepts(body, { tag: 't', accounts: ['jack'] })).toBe(true);
      expect(accepts(body, { tag: 't', follows: { username: 'jack', direction: 'both' } })).toBe(true);
      expect(accepts(body, { tag: 't', follows: { username: 'jack', direction: 'sideways' } })).toBe(false);
      expect(accepts(body, { tag: 't', profile: { usernames: ['jack'] } })).toBe(true);
      expect(accepts(body, { tag: 't', profile: { usernames: [] } })).toBe(false);
      expect(accepts(body, { tag: 't', query: 'hello', accounts: ['jack'] })).toBe(false);
      expect(accepts(body, { tag: 't', accounts: ['jack'], profile: { usernames: ['jack'] } })).toBe(false);
      expect(accepts(body, { tag: 't' })).toBe(false);
      expect(accepts(body, { tag: '   ', query: 'hello' })).toBe(false);
    }
  });

  it('gives tweet-id body fields the id-or-URL pattern, which agrees with the server', () => {
    const fields = [bodyOf('getTweetsBatch').properties.ids.items, bodyOf('replyToTweet').properties.tweet_id, bodyOf('quoteTweet').properties.quoted_tweet_id];
    for (const field of fields) expect(field.pattern).toBe(LOCAL_TWEET_REFERENCE_PATTERN.source);
    const [field] = fields;
    for (const good of ['1', '1234567890123456789', 'https://x.com/jack/status/20', 'http://example.org/i/web/status/5?s=1', 'https://t.test/a_b/statuses/7#top']) {
      expect(accepts(field, good), good).toBe(true);
    }
    for (const bad of ['', 'abc', '12345678901234567890', 'https://x.com/jack/status/', 'https://x.com/status/1', '1\u0000', 'https://x.com/jack/status/1?\u0000']) {
      expect(accepts(field, bad), JSON.stringify(bad)).toBe(false);
    }
    // Whatever the pattern takes, the server turns into an id.
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(LOCAL_TWEET_REFERENCE_PATTERN)), (value) => {
        if (accepts(field, value)) expect(LOCAL_SYNTAX.tweetReference(value.trim()), value).not.toBeNull();
      }),
    );
  });

  it('says what webhook URLs, tweet texts and trend countries the server takes', () => {
    const url = bodyOf('createWebhook').properties.url;
    expect(url.format).toBe('uri');
    for (const good of ['https://example.com/hook', 'HTTPS://hooks.example.org:8443/a/b?x=1&y=%20#f', 'https://203.0.113.9/p']) {
      expect(accepts(url, good), good).toBe(true);
      expect(() => new URL(good)).not.toThrow();
    }
    for (const bad of ['http://example.com/hook', 'https://user:pw@example.com/', 'https://localhost/', 'https://example.123/', 'https://a.b:99999/', 'https://a.b/ x', 'ftp://a.b/']) {
      expect(accepts(url, bad), bad).toBe(false);
    }
    fc.assert(
      fc.property(fc.stringMatching(new RegExp(url.pattern)), (value) => {
        if (!accepts(url, value)) return;
        const parsed = new URL(value);
        expect(parsed.protocol).toBe('https:');
        expect(parsed.username + parsed.password).toBe('');
      }),
    );
    const text = bodyOf('createTweet').properties.text;
    expect(text).toMatchObject({ minLength: 1, maxLength: 280 });
    expect(accepts(text, ' \n\t')).toBe(false);
    expect(accepts(text, 'x'.repeat(281))).toBe(false);
    expect(accepts(text, 'hello')).toBe(true);
    const country = byId('getTrending').parameters.find((p) => p.name === 'country') as unknown as { schema: { enum: string[] } };
    expect(country.schema.enum).toEqual(expect.arrayContaining(['Worldwide', 'WW', 'United States', 'US']));
    expect(country.schema.enum).toHaveLength(2 * (COUNTRIES.length + 1));
    for (const value of country.schema.enum) expect(findTrendPlace(value), value).toBeDefined();
  });

  it('refuses NUL in every text input, as the server does', () => {
    let strings = 0;
    const check = (schema: Schema, where: string) => {
      if (schema.type === 'string' && !schema.enum) {
        strings += 1;
        expect(accepts(schema, '1\u0000'), where).toBe(false);
      }
      if (schema.items) check(schema.items, `${where}[]`);
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) check(property, `${where}.${name}`);
    };
    for (const operation of all) {
      for (const parameter of operation.parameters as unknown as Array<{ name: string; in: string; schema: Schema }>) if (parameter.in !== 'header') check(parameter.schema, `${operation.operationId} ${parameter.name}`);
      if (operation.requestBody) check(bodyOf(operation.operationId), `${operation.operationId} body`);
    }
    expect(strings).toBeGreaterThan(50);
  });

  it('sets max_credits at least the price of one item or of the call', () => {
    const maxCredits = (id: string) => {
      const operation = byId(id);
      const parameter = operation.parameters.find((p) => p.name === 'max_credits') as unknown as { schema: Schema } | undefined;
      return parameter?.schema ?? (operation.requestBody ? bodyOf(id).properties.max_credits : undefined);
    };
    expect(maxCredits('searchTweets').minimum).toBe(15);
    expect(maxCredits('getUser').minimum).toBe(18);
    expect(maxCredits('getUserFollowerIds').minimum).toBe(1);
    expect(maxCredits('likeTweet').minimum).toBe(100);
    expect(maxCredits('getTrending').minimum).toBe(100);
    expect(maxCredits('checkLike').minimum).toBe(50);
  });

  it('describes error details per code', () => {
    const error = document.components.schemas.Error as Schema;
    const meta = { request_id: 'req_1', latency_ms: 1 };
    const valid = (body: Schema) => accepts(error, { ...body, meta });
    expect(valid({ error: { code: 'invalid_request', message: 'm', details: [{ path: 'count', message: 'too big' }] } })).toBe(true);
    expect(valid({ error: { code: 'invalid_request', message: 'm' } })).toBe(true);
    expect(valid({ error: { code: 'invalid_request', message: 'm', details: { required: 1 } } })).toBe(false);
    expect(valid({ error: { code: 'insufficient_credits', message: 'm', details: { required: 300, balance: 10 } } })).toBe(true);
    expect(valid({ error: { code: 'insufficient_credits', message: 'm' } })).toBe(false);
    expect(valid({ error: { code: 'key_limit_reached', message: 'm', details: { required: 300, credit_limit: 500, credits_spent: 300 } } })).toBe(true);
    expect(valid({ error: { code: 'too_many_streams', message: 'm', details: { scope: 'key', limit: 5 } } })).toBe(true);
    expect(valid({ error: { code: 'too_many_streams', message: 'm', details: { scope: 'everyone', limit: 5 } } })).toBe(false);
    expect(valid({ error: { code: 'too_many_failed_authentications', message: 'm', details: { retry_after_seconds: 30 } } })).toBe(true);
    expect(valid({ error: { code: 'forbidden', message: 'm', details: { required_scope: 'like.write', granted_scopes: ['tweet.read'] } } })).toBe(true);
    expect(valid({ error: { code: 'forbidden', message: 'm' } })).toBe(true);
    expect(valid({ error: { code: 'not_found', message: 'm' } })).toBe(true);
    expect(valid({ error: { code: 'not_found', message: 'm', details: [] } })).toBe(false);
    expect(valid({ error: { code: 'no_such_code', message: 'm' } })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/api/openapi';
import { OPERATIONS } from '@/lib/api/registry';
import { COUNTRIES } from '@/lib/platform/countries';
import { describeField } from '@/lib/playground/describe-field';
import { describeOperation } from '@/lib/playground/describe-operation';
import { fieldTypeLabel } from '@/lib/playground/field-type-label';
import { initialValues } from '@/lib/playground/initial-values';
import type { OperationView } from '@/lib/playground/types';

const SAMPLES = { usernames: ['alice_1', 'bob', 'carol'], tweet_ids: ['101', '102', '103'], list_ids: ['201'], community_ids: ['301'] };
const views = OPERATIONS.map((operation) => describeOperation(operation, SAMPLES));
const view = (id: string): OperationView => views.find((v) => v.id === id)!;
const field = (id: string, name: string) => view(id).fields.find((f) => f.name === name)!;

describe('describeOperation', () => {
  it('describes all 39 contract, 15 real-time, 1 event-list, 6 export and 2 usage operations, every field of their schemas once, names unique within an operation', () => {
    expect(views).toHaveLength(39 + 15 + 1 + 6 + 2);
    for (const operation of OPERATIONS) {
      const names = view(operation.id).fields.map((f) => f.name);
      const expected = [operation.params, operation.query, operation.body].flatMap((schema) => Object.keys(schema?.shape ?? {}));
      expect(new Set(names).size, operation.id).toBe(names.length);
      expect([...names].sort(), operation.id).toEqual([...expected].sort());
    }
  });

  it('reads types, ranges, defaults, enums and required marks from the schemas', () => {
    expect(field('searchTweets', 'query')).toMatchObject({ kind: 'string', location: 'body', required: true, minLength: 1, maxLength: 512 });
    expect(field('searchTweets', 'count')).toMatchObject({ kind: 'integer', required: false, minimum: 1, maximum: 1000, defaultValue: 20 });
    expect(field('searchTweets', 'sort')).toMatchObject({ kind: 'enum', options: ['latest', 'popular', 'engagement'], defaultValue: 'latest', required: false });
    expect(field('searchTweets', 'include_replies')).toMatchObject({ kind: 'boolean', options: ['true', 'false'], defaultValue: true });
    expect(field('searchTweets', 'include_retweets')).toMatchObject({ kind: 'boolean', defaultValue: false });
    expect(field('searchTweets', 'lang')).toMatchObject({ kind: 'string', pattern: '^[a-z]{2,3}$' });
    expect(field('searchTweets', 'min_likes')).toMatchObject({ kind: 'integer', minimum: 0, maximum: 1_000_000_000 });
    expect(field('searchTweets', 'max_credits')).toMatchObject({ kind: 'integer', minimum: 1 });
    expect(field('searchTweets', 'max_credits').maximum).toBeUndefined();
    expect(field('getUserFollowerIds', 'count')).toMatchObject({ maximum: 5000 });
    expect(field('getTrending', 'count')).toMatchObject({ kind: 'integer', minimum: 1, maximum: 50, defaultValue: 20 });
    expect(field('getUserFollowers', 'sort')).toMatchObject({ options: ['default', 'followers', 'name'], defaultValue: 'default' });
    expect(field('getUser', 'username')).toMatchObject({ kind: 'string', location: 'path', required: true, pattern: '^@?[A-Za-z0-9_]{1,15}$' });
    expect(field('getTweet', 'tweetId')).toMatchObject({ location: 'path', pattern: '^[0-9]{1,19}$' });
    expect(field('getUsersBatch', 'usernames')).toMatchObject({ kind: 'string-list', required: true, minItems: 1, maxItems: 100, pattern: '^@?[A-Za-z0-9_]{1,15}$' });
    expect(field('getTweetsBatch', 'ids')).toMatchObject({ kind: 'string-list', minItems: 1, maxItems: 100 });
    expect(field('checkFollow', 'source').required).toBe(false);
    expect(field('checkFollow', 'target').required).toBe(true);
    expect(field('replyToTweet', 'tweet_id').description).toMatch(/tweet URL/);
  });

  it('knows paging, batches and costs', () => {
    expect(view('searchTweets')).toMatchObject({ maxCount: 1000, cost: { per: 'item', unit: 'tweet', credits: 15 }, scope: 'read' });
    expect(view('getUsersBatch')).toMatchObject({ batchField: 'usernames', cost: { credits: 18 } });
    expect(view('getTweetsBatch').batchField).toBe('ids');
    expect(view('getUser').maxCount).toBeUndefined();
    expect(view('likeTweet')).toMatchObject({ scope: 'write', cost: { per: 'call', credits: 100 } });
    expect(view('getAccount')).toMatchObject({ fields: [], cost: { credits: 0 } });
  });

  it('puts path parameters first, required fields next, cursor and max_credits last', () => {
    expect(view('searchTweets').fields.map((f) => f.name)).toEqual(['query', 'count', 'sort', 'lang', 'min_likes', 'min_retweets', 'include_replies', 'include_retweets', 'cursor', 'max_credits']);
    expect(view('getUserFollowers').fields.map((f) => f.name)).toEqual(['username', 'count', 'sort', 'cursor', 'max_credits']);
  });

  it('adds hints the schemas cannot carry: trend places, long text, working examples', () => {
    const places = field('getTrending', 'country').suggestions!;
    expect(places).toHaveLength(COUNTRIES.length + 1);
    expect(places[0]).toBe('Worldwide');
    expect(field('getTrending', 'country').defaultValue).toBe('Worldwide');
    expect(field('createTweet', 'text').multiline).toBe(true);
    expect(field('getUser', 'username').example).toBe('alice_1');
    expect(field('checkFollow', 'target').example).toBe('bob');
    expect(field('getListTweets', 'listId').example).toBe('201');
    expect(field('searchTweets', 'query').example).toBe('from:alice_1');
    expect(field('getUsersBatch', 'usernames').example).toBe('alice_1\nbob\ncarol');
    expect(initialValues(view('getTweetQuotes'))).toEqual({ tweetId: '101' });
    // Without samples (the API reference) there are no examples.
    expect(describeOperation(OPERATIONS[2]).fields[0].example).toBeUndefined();
  });

  it('covers every parameter and body field the OpenAPI document lists', () => {
    const document = buildOpenApiDocument(OPERATIONS) as { paths: Record<string, Record<string, { operationId: string; parameters: Array<{ name: string; in: string }>; requestBody?: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } } }>> };
    for (const methods of Object.values(document.paths)) {
      for (const op of Object.values(methods)) {
        // The Perch-Platform header is the deployment's choice of platform, not an input of the operation's form.
        const fromDocument = [...op.parameters.filter((p) => p.in !== 'header').map((p) => `${p.in}:${p.name}`), ...Object.keys(op.requestBody?.content['application/json'].schema.properties ?? {}).map((n) => `body:${n}`)];
        expect(view(op.operationId).fields.map((f) => `${f.location}:${f.name}`).sort(), op.operationId).toEqual(fromDocument.sort());
      }
    }
  });
});

describe('describeField', () => {
  it('prefers the output schema for ranges hidden behind a pipe, the input schema for patterns and defaults', () => {
    const spec = describeField({
      name: 'count',
      location: 'query',
      required: false,
      input: { anyOf: [{ type: 'number' }, { type: 'string', pattern: '^-?[0-9]{1,16}$' }] },
      output: { type: 'integer', minimum: 1, maximum: 50, default: 20 },
    });
    expect(spec).toEqual({ name: 'count', location: 'query', kind: 'integer', required: false, minimum: 1, maximum: 50, defaultValue: 20 });
    expect(describeField({ name: 'id', location: 'path', required: false, input: { type: 'string' }, output: {} }).required).toBe(true);
  });

  it('labels types in a few words', () => {
    expect(fieldTypeLabel(field('searchTweets', 'count'))).toBe('integer 1–1,000');
    expect(fieldTypeLabel(field('searchTweets', 'max_credits'))).toBe('integer ≥ 1');
    expect(fieldTypeLabel(field('searchTweets', 'query'))).toBe('string, 1–512 chars');
    expect(fieldTypeLabel(field('getUsersBatch', 'usernames'))).toBe('list of 1–100 strings');
    expect(fieldTypeLabel(field('searchTweets', 'sort'))).toBe('enum');
  });
});

import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/api/openapi';
import { OPERATIONS } from '@/lib/api/registry';
import { buildDocsModel } from '@/lib/docs/docs-model';
import { referencedRecords, typeText } from '@/lib/docs/schema-text';
import { describeOperation } from '@/lib/playground/describe-operation';

const model = buildDocsModel(
  buildOpenApiDocument(OPERATIONS),
  OPERATIONS.map((o) => describeOperation(o)),
);
const all = model.tags.flatMap((t) => t.operations);
const op = (id: string) => all.find((o) => o.id === id)!;

describe('buildDocsModel', () => {
  it('lists all 39 contract operations, the 15 real-time ones, the event list, the 6 of exports and the 2 of usage once, by tag, in the contract’s order', () => {
    expect(model.operationCount).toBe(39 + 15 + 1 + 6 + 2);
    expect(all.map((o) => o.id)).toEqual(OPERATIONS.map((o) => o.id));
    expect(model.tags.map((t) => t.name)).toEqual(['Search', 'Users', 'Tweets', 'Lists', 'Communities', 'Analytics', 'Interaction Check', 'Write API', 'Account', 'Rules', 'Webhooks', 'Events', 'Exports', 'Usage']);
  });

  it('gives each operation its cost, scope, inputs, response type and errors', () => {
    expect(op('searchTweets')).toMatchObject({ method: 'POST', path: '/v2/search', credits: { per: 'item', unit: 'tweet', credits: 15 }, scope: 'read', data: { type: 'Tweet[]', records: ['Tweet'] } });
    expect(op('searchTweets').inputs.find((i) => i.name === 'count')).toMatchObject({ location: 'body', type: 'integer', defaultValue: 20, description: '1 to 1,000' });
    expect(op('getUser').inputs[0]).toMatchObject({ name: 'username', location: 'path', required: true });
    expect(op('getUsersBatch').metaExtra.map((f) => f.name)).toEqual(['not_found']);
    expect(op('getTrending').data.fields.map((f) => f.name)).toEqual(['country', 'woeid', 'as_of', 'trends']);
    expect(op('getUserFollowerIds').data.type).toBe('string[]');
    expect(op('likeTweet').errors.map((e) => e.status)).toEqual(expect.arrayContaining(['400', '401', '402', '403', '409', '429']));
    expect(op('getAccount').credits.credits).toBe(0);
    // The cost sentence the document appends is shown as the cost line instead.
    for (const o of all) expect(o.description.join(' ')).not.toMatch(/credits per|^Free\./);
  });

  it('documents the records with their fields', () => {
    const names = model.records.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['User', 'UserSummary', 'Tweet', 'EmbeddedTweet', 'Entities', 'Media', 'Community', 'Trend']));
    expect(names).not.toContain('Error');
    const tweet = model.records.find((r) => r.name === 'Tweet')!;
    expect(tweet.fields.find((f) => f.name === 'author')).toMatchObject({ type: 'UserSummary', records: ['UserSummary'], required: true });
    expect(tweet.fields.find((f) => f.name === 'quoted_tweet')?.type).toBe('EmbeddedTweet | null');
  });
});

describe('typeText', () => {
  it('names types compactly', () => {
    expect(typeText({ $ref: '#/components/schemas/User' })).toBe('User');
    expect(typeText({ type: 'array', items: { $ref: '#/components/schemas/Tweet' } })).toBe('Tweet[]');
    expect(typeText({ type: ['string', 'null'] })).toBe('string | null');
    expect(typeText({ anyOf: [{ type: 'number' }, { type: 'string', pattern: '^[0-9]+$' }] })).toBe('integer');
    expect(typeText({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'null' }] } })).toBe('(string | null)[]');
    expect(typeText({ enum: ['a', 'b'] })).toBe('"a" | "b"');
    expect(typeText({ const: true })).toBe('true');
    expect(typeText({ type: 'object', properties: { id: { type: 'string' } } })).toBe('{ id: string }');
    expect(typeText({})).toBe('any');
    expect(referencedRecords({ type: 'array', items: { anyOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }] } })).toEqual(['A', 'B']);
  });
});

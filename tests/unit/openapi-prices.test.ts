import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/api/openapi';
import { documentPrices, pricesSignature, SEED_PRICES } from '@/lib/api/openapi-prices';
import { ROUTED_OPERATIONS } from '@/lib/api/registry';
import { PriceBook } from '@/lib/prices/price-book';
import type { PriceRow } from '@/lib/prices/price-rows';

// The document shows the price list's prices (issue 31), built from a PriceBook: the default
// platform's list price in descriptions, x-credits and max_credits minimums, every platform's in
// x-credits.platforms, and no workspace's own terms.

type Doc = {
  info: { description: string };
  paths: Record<string, Record<string, { operationId: string; description: string; 'x-credits': Record<string, unknown>; parameters: Array<{ name: string; schema: Record<string, unknown> }>; requestBody?: any; responses: Record<string, { description: string }> }>>;
};

const NOW = Date.parse('2026-12-01T12:00:00Z');
const row = (platform: string, operation: string, unitCredits: number, minCredits: number | null = null, effectiveFrom = NOW - 1000): PriceRow => ({ platform, operation, unitCredits, minCredits, effectiveFrom });
const book = (prices: PriceRow[]) => new PriceBook({ prices, overrides: [], costs: [], creditValues: [] });

function operationOf(doc: Doc, id: string) {
  for (const methods of Object.values(doc.paths)) for (const op of Object.values(methods)) if (op.operationId === id) return op;
  throw new Error(`no ${id}`);
}

const build = (prices: PriceRow[], platform: 'local' | 'bluesky' | 'x' = 'local', at = NOW) => buildOpenApiDocument(ROUTED_OPERATIONS, '/', documentPrices(book(prices), platform, at)) as Doc;

describe('the OpenAPI document priced from a price book', () => {
  it("shows the seed's prices without a price list, on every platform", () => {
    const doc = buildOpenApiDocument(ROUTED_OPERATIONS) as Doc;
    const search = operationOf(doc, 'searchTweets');
    expect(search['x-credits']).toEqual({ per: 'item', unit: 'tweet', credits: 15, minimum: 0, platforms: { local: { credits: 15, minimum: 0 }, bluesky: { credits: 15, minimum: 0 }, x: { credits: 15, minimum: 0 } } });
    expect(search.description).toMatch(/\n\n15 credits per tweet returned\.$/);
    expect(operationOf(doc, 'getAccount')['x-credits']).toMatchObject({ credits: 0, minimum: 0 });
    expect(operationOf(doc, 'getAccount').description).toMatch(/Free\.$/);
  });

  it("uses the default platform's list price in x-credits, descriptions, max_credits and the 200's description", () => {
    const doc = build([row('local', 'searchTweets', 20), row('x', 'searchTweets', 40, 100)]);
    const search = operationOf(doc, 'searchTweets');
    expect(search['x-credits']).toEqual({ per: 'item', unit: 'tweet', credits: 20, minimum: 0, platforms: { local: { credits: 20, minimum: 0 }, bluesky: { credits: 15, minimum: 0 }, x: { credits: 40, minimum: 100 } } });
    expect(search.description).toContain('20 credits per tweet returned. On bluesky: 15 credits per tweet returned. On x: 40 credits per tweet returned, at least 100 per call.');
    expect(search.responses['200'].description).toContain('20 credits per tweet returned.');
    const maxCredits = search.requestBody.content['application/json'].schema.properties.max_credits;
    expect(maxCredits.minimum).toBe(20);
    expect(maxCredits.description).toContain('at least 20, the price of one tweet');
  });

  it("shows another default platform's prices, with a minimum raising max_credits' least value", () => {
    const doc = build([row('x', 'getUser', 30, 50)], 'x');
    const getUser = operationOf(doc, 'getUser');
    expect(getUser['x-credits']).toMatchObject({ credits: 30, minimum: 50 });
    expect(getUser.description).toContain('30 credits per profile returned, at least 50 per call. On local and bluesky: 18 credits per profile returned.');
    const maxCredits = getUser.parameters.find((p) => p.name === 'max_credits');
    expect(maxCredits?.schema.minimum).toBe(50);
    expect(doc.info.description).toContain('default platform (`x`)');
  });

  it("prices an export's max_credits per operation from the list", () => {
    const doc = build([row('local', 'getUserFollowers', 3)]);
    const schema = operationOf(doc, 'createExport').requestBody.content['application/json'].schema;
    const branch = (schema.oneOf as Array<{ title: string; properties: { max_credits: { minimum: number } } }>).find((b) => b.title === 'getUserFollowers')!;
    expect(branch.properties.max_credits.minimum).toBe(3);
    const tweets = (schema.oneOf as Array<{ title: string; properties: { max_credits: { minimum: number } } }>).find((b) => b.title === 'getUserTweets')!;
    expect(tweets.properties.max_credits.minimum).toBe(15);
  });

  it('takes a scheduled price from its time on, and its signature changes with it', () => {
    const prices = [row('local', 'searchTweets', 20), row('local', 'searchTweets', 25, null, NOW + 2000)];
    expect(operationOf(build(prices, 'local', NOW), 'searchTweets')['x-credits'].credits).toBe(20);
    expect(operationOf(build(prices, 'local', NOW + 2000), 'searchTweets')['x-credits'].credits).toBe(25);
    const before = pricesSignature(ROUTED_OPERATIONS, documentPrices(book(prices), 'local', NOW));
    const after = pricesSignature(ROUTED_OPERATIONS, documentPrices(book(prices), 'local', NOW + 2000));
    expect(before).not.toBe(after);
    expect(pricesSignature(ROUTED_OPERATIONS, documentPrices(book(prices), 'local', NOW + 5000))).toBe(after);
    expect(pricesSignature(ROUTED_OPERATIONS, SEED_PRICES)).toBe(pricesSignature(ROUTED_OPERATIONS, documentPrices(book([]), 'local', NOW)));
  });

  it("shows no workspace's own terms", () => {
    const withOverride = new PriceBook({ prices: [], overrides: [{ workspaceId: 'ws_1', platform: null, operation: null, discountPercent: 50, unitCredits: null, withdrawn: false, effectiveFrom: NOW - 1000 }], costs: [], creditValues: [] });
    const doc = buildOpenApiDocument(ROUTED_OPERATIONS, '/', documentPrices(withOverride, 'local', NOW)) as Doc;
    expect(operationOf(doc, 'searchTweets')['x-credits'].credits).toBe(15);
  });
});

describe('the platforms the document names', () => {
  it('are the served ones: x-credits.platforms and the cost sentences leave the others out', () => {
    const doc = buildOpenApiDocument(ROUTED_OPERATIONS, '/', documentPrices(book([row('x', 'searchTweets', 40)]), 'local', NOW, ['local', 'bluesky'])) as Doc;
    const search = operationOf(doc, 'searchTweets');
    expect(search['x-credits'].platforms).toEqual({ local: { credits: 15, minimum: 0 }, bluesky: { credits: 15, minimum: 0 } });
    expect(search.description).toMatch(/\n\n15 credits per tweet returned\.$/);
  });
});

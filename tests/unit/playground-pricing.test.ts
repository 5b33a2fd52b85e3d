import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/api/registry';
import { describeOperation } from '@/lib/playground/describe-operation';
import { estimateCost } from '@/lib/playground/estimate-cost';
import { priceText } from '@/lib/playground/price-text';
import type { FieldValues } from '@/lib/playground/types';
import { SAMPLES, serverHold } from '../support/playground-server-hold';
import { PriceBook, type Pricing } from '@/lib/prices/price-book';
import type { OverrideRow, PriceRow } from '@/lib/prices/price-rows';

// The playground shows and estimates what the server will hold for the viewer's workspace on
// the platform its calls go to (issue 31): the price book's priceOf, list price, minimum and the
// workspace's own terms included, planned exactly as lib/api/charge.ts plans the call.

const NOW = Date.parse('2026-12-01T12:00:00Z');
const WORKSPACE = 'ws_priced';

const price = (operation: string, unitCredits: number, minCredits: number | null = null): PriceRow => ({ platform: 'local', operation, unitCredits, minCredits, effectiveFrom: NOW - 1000 });
const override = (fields: Partial<OverrideRow>): OverrideRow => ({ workspaceId: WORKSPACE, platform: null, operation: null, discountPercent: null, unitCredits: null, withdrawn: false, effectiveFrom: NOW - 1000, ...fields });

const BOOK = new PriceBook({
  prices: [price('searchTweets', 20, 50), price('getUser', 25, 60), price('getUsersBatch', 7, 30), price('getTrending', 80, 120), price('likeTweet', 90), price('getUserFollowers', 2, 10), price('getTweetsBatch', 11)],
  overrides: [override({ operation: 'getUserTweets', unitCredits: 9 }), override({ operation: 'getTweetsBatch', discountPercent: 50 })],
  costs: [],
  creditValues: [],
});

const pricingOf = (operationId: string): Pricing => BOOK.priceOf(OPERATIONS.find((o) => o.id === operationId)!, 'local', WORKSPACE, NOW);

const PRICED = ['searchTweets', 'getUser', 'getUsersBatch', 'getTrending', 'getUserFollowers', 'getUserTweets', 'getTweetsBatch'];
const CASES: Array<[string, FieldValues]> = [];
for (const id of PRICED) {
  const view = describeOperation(OPERATIONS.find((o) => o.id === id)!, SAMPLES);
  const base: FieldValues = {};
  for (const f of view.fields) if (f.required && f.example !== undefined) base[f.name] = f.example;
  const names = new Set(view.fields.map((f) => f.name));
  CASES.push([id, base]);
  for (const maxCredits of ['1', '9', '10', '20', '29', '30', '49', '50', '59', '60', '119', '120', '100000']) if (names.has('max_credits')) CASES.push([id, { ...base, max_credits: maxCredits }]);
  if (names.has('count')) for (const count of ['1', '2', '3', '7']) CASES.push([id, { ...base, count }], [id, { ...base, count, max_credits: '50' }]);
}
CASES.push(['getUsersBatch', { usernames: 'jack' }], ['getUsersBatch', { usernames: 'a,b,c,d,e', max_credits: '34' }], ['getTweetsBatch', { ids: '101\n102\n103', max_credits: '17' }], ['getTweetsBatch', { ids: '101\n102\n103', max_credits: '18' }]);

describe('the playground at a workspace price', () => {
  it('carries the price book price, minimum and override into the view', () => {
    expect(describeOperation(OPERATIONS.find((o) => o.id === 'searchTweets')!, undefined, pricingOf('searchTweets')).cost).toEqual({ per: 'item', unit: 'tweet', credits: 20, minimum: 50 });
    expect(describeOperation(OPERATIONS.find((o) => o.id === 'getUserTweets')!, undefined, pricingOf('getUserTweets')).cost).toMatchObject({ credits: 9, minimum: 0 });
    expect(pricingOf('getTweetsBatch')).toMatchObject({ credits: 6, source: 'override' });
    expect(describeOperation(OPERATIONS.find((o) => o.id === 'searchTweets')!).cost).toEqual({ per: 'item', unit: 'tweet', credits: 15, minimum: 0 });
  });

  it.each(CASES)('%s %j: estimates what the server would hold, and refuses what it would refuse', (operationId, values) => {
    const view = describeOperation(OPERATIONS.find((o) => o.id === operationId)!, SAMPLES, pricingOf(operationId));
    const estimate = estimateCost(view, values);
    const server = serverHold(OPERATIONS.find((o) => o.id === operationId)!, values, pricingOf(operationId));
    if (server === 'refused') expect(estimate.problem).toBeDefined();
    else {
      expect(estimate.problem).toBeUndefined();
      expect(estimate.credits).toBe(server);
    }
  });

  it('says the minimum in words', () => {
    const search = describeOperation(OPERATIONS.find((o) => o.id === 'searchTweets')!, undefined, pricingOf('searchTweets'));
    expect(estimateCost(search, { query: 'x', count: '2' })).toMatchObject({ credits: 50, text: 'Up to 2 tweets × 20 credits = 40 credits, at least 50 credits a call' });
    expect(estimateCost(search, { query: 'x' })).toMatchObject({ credits: 400, text: 'Up to 20 tweets × 20 credits = 400 credits' });
    expect(priceText(search.cost)).toBe('20 credits per tweet returned, at least 50 per call');
    const trending = describeOperation(OPERATIONS.find((o) => o.id === 'getTrending')!, undefined, pricingOf('getTrending'));
    expect(estimateCost(trending, {})).toMatchObject({ credits: 120, text: '120 credits per call' });
    expect(priceText(trending.cost)).toBe('120 credits per call');
  });
});

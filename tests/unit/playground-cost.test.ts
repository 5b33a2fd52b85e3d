import { describe, expect, it } from 'vitest';
import { PriceBook } from '@/lib/prices/price-book';
import type { Operation } from '@/lib/api/define-operation';
import { OPERATIONS } from '@/lib/api/registry';
import { describeOperation } from '@/lib/playground/describe-operation';
import { estimateCost } from '@/lib/playground/estimate-cost';
import type { FieldValues } from '@/lib/playground/types';
import { SAMPLES, serverHold } from '../support/playground-server-hold';

/** The seed's price of an operation: what the playground shows without a price list. */
const seedPrice = (operation: Operation) => new PriceBook().priceOf(operation, 'local', null);

// Every operation with its example values, plus variations of count, max_credits and batch contents.
const CASES: Array<[string, FieldValues]> = [];
for (const operation of OPERATIONS) {
  const view = describeOperation(operation, SAMPLES);
  const base: FieldValues = {};
  for (const f of view.fields) if (f.required && f.example !== undefined) base[f.name] = f.example;
  CASES.push([operation.id, base]);
  const names = new Set(view.fields.map((f) => f.name));
  // Not for the body-less POSTs (like, retweet, follow): their max_credits is a query parameter,
  // which lib/api/charge.ts does not read for POST (it looks in the body), so the server holds
  // 100 whatever the cap. The estimate follows the contract and refuses a cap under 100.
  const capIgnored = operation.method === 'POST' && !operation.body;
  for (const maxCredits of ['1', '14', '15', '99', '100', '250', '100000']) {
    if (names.has('max_credits') && !capIgnored) CASES.push([operation.id, { ...base, max_credits: maxCredits }]);
  }
  if (names.has('count')) {
    for (const count of ['1', '7', '50']) CASES.push([operation.id, { ...base, count }], [operation.id, { ...base, count, max_credits: '100' }]);
  }
}
CASES.push(
  ['getUsersBatch', { usernames: 'Jack\n@jack\njack\nbiz' }],
  ['getUsersBatch', { usernames: 'jack,biz', max_credits: '35' }],
  ['getUsersBatch', { usernames: 'jack,biz', max_credits: '36' }],
  ['getTweetsBatch', { ids: '101\nhttps://x.com/a/status/101\n102' }],
  ['getTweetsBatch', { ids: '101\n102\n103', max_credits: '44' }],
);

describe('estimateCost', () => {
  it.each(CASES)('%s %j: holds what the server would hold, and refuses what it would refuse', (operationId, values) => {
    const operation = OPERATIONS.find((o) => o.id === operationId)!;
    const estimate = estimateCost(describeOperation(operation, SAMPLES), values);
    const server = serverHold(operation, values, seedPrice(operation));
    if (server === 'refused') expect(estimate.problem).toBeDefined();
    else {
      expect(estimate.problem).toBeUndefined();
      expect(estimate.credits).toBe(server);
    }
  });

  it('explains the figure in words', () => {
    const search = describeOperation(OPERATIONS[0]);
    expect(estimateCost(search, { query: 'x' }).text).toBe('Up to 20 tweets × 15 credits = 300 credits');
    expect(estimateCost(search, { query: 'x', count: '50', max_credits: '100' }).text).toBe('Up to 6 tweets × 15 credits = 90 credits (max_credits lowers count from 50)');
    const followers = describeOperation(OPERATIONS.find((o) => o.id === 'getUserFollowers')!);
    expect(estimateCost(followers, { count: '1' }).text).toBe('Up to 1 follower × 1 credit = 1 credit');
    expect(estimateCost(describeOperation(OPERATIONS.find((o) => o.id === 'getAccount')!), {})).toMatchObject({ credits: 0, text: 'Free' });
    expect(estimateCost(describeOperation(OPERATIONS.find((o) => o.id === 'getTrending')!), {}).text).toBe('100 credits per call');
    expect(estimateCost(describeOperation(OPERATIONS.find((o) => o.id === 'getUser')!), { username: 'a' }).text).toBe('1 profile × 18 credits = 18 credits');
  });
});

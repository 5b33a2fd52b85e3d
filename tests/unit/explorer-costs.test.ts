import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/api/registry';
import { EXPLORER_COSTS, maxFetchCost } from '@/lib/explorer/costs';

describe('explorer costs', () => {
  it('are the registry’s prices for every operation the explorer calls', () => {
    for (const [id, cost] of Object.entries(EXPLORER_COSTS)) {
      const operation = OPERATIONS.find((o) => o.id === id);
      expect(operation, id).toBeDefined();
      expect({ id, per: operation!.cost.per, credits: operation!.cost.credits }).toEqual({ id, per: cost.per, credits: cost.credits });
    }
  });

  it('bound one fetch: a page of 20 at the unit price, one record, or the per-call price', () => {
    expect(maxFetchCost('searchTweets')).toBe(300);
    expect(maxFetchCost('getUserFollowers')).toBe(20);
    expect(maxFetchCost('getUser', 1)).toBe(18);
    expect(maxFetchCost('getTrending', 1)).toBe(100);
    expect(maxFetchCost('getTrending')).toBe(100);
  });
});

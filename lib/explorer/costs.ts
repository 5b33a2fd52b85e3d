import { holdFor } from '@/lib/prices/price-book';
import { PAGE_SIZE } from './feeds';

// What each operation the explorer calls costs, as plain data: the explorer runs in the browser
// and must not import the server's registry or the price book's loader (only the pure charge
// rule, holdFor, which planCharge uses too). The explorer's layout hands the
// workspace's own prices down (ExplorerPricesProvider, from the price book); this table holds the
// seed's (contract section 3), used where none were handed down.
// tests/unit/explorer-costs.test.ts checks this table against the registry.
export const EXPLORER_COSTS = {
  searchTweets: { per: 'item', credits: 15 },
  searchUsers: { per: 'item', credits: 18 },
  getUser: { per: 'item', credits: 18 },
  getUserTweets: { per: 'item', credits: 15 },
  getUserReplies: { per: 'item', credits: 15 },
  getUserMedia: { per: 'item', credits: 15 },
  getUserMentions: { per: 'item', credits: 15 },
  getUserFollowers: { per: 'item', credits: 1 },
  getUserFollowing: { per: 'item', credits: 1 },
  getUserVerifiedFollowers: { per: 'item', credits: 1 },
  getTweet: { per: 'item', credits: 15 },
  getTweetConversation: { per: 'item', credits: 15 },
  getTweetQuotes: { per: 'item', credits: 15 },
  getTweetLikers: { per: 'item', credits: 1 },
  getTweetRetweeters: { per: 'item', credits: 1 },
  getListTweets: { per: 'item', credits: 15 },
  getListMembers: { per: 'item', credits: 1 },
  getListSubscribers: { per: 'item', credits: 1 },
  getCommunity: { per: 'item', credits: 18 },
  getCommunityTweets: { per: 'item', credits: 15 },
  getCommunityMembers: { per: 'item', credits: 1 },
  getTrending: { per: 'call', credits: 100 },
} as const satisfies Record<string, { per: 'item' | 'call'; credits: number }>;

export type ExplorerOperation = keyof typeof EXPLORER_COSTS;

/** The operations the explorer calls. */
export const EXPLORER_OPERATIONS = Object.keys(EXPLORER_COSTS) as ExplorerOperation[];

/** An operation's price for the workspace: credits per item or per call, and a per-call minimum. */
export type ExplorerPrice = { per: 'item' | 'call'; credits: number; minimum?: number };
export type ExplorerPrices = Partial<Record<string, ExplorerPrice>>;

/**
 * The most one explorer fetch can cost: a page of `items` (PAGE_SIZE for lists, 1 for a
 * single record) at the operation's unit price, or its per-call price, never less than its
 * per-call minimum. It is what the server holds (lib/api/charge.ts); fewer results cost less.
 */
export function maxFetchCost(operationId: string, items = PAGE_SIZE, prices: ExplorerPrices = EXPLORER_COSTS): number {
  const cost = prices[operationId] ?? (EXPLORER_COSTS as ExplorerPrices)[operationId];
  return cost ? holdFor(cost, items) : 0;
}

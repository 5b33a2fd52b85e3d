import { PAGE_SIZE } from './feeds';

// What each operation the explorer calls costs (contract section 3), as plain data: the
// explorer runs in the browser and must not import the server's registry.
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

/**
 * The most one explorer fetch can cost: a page of `items` (PAGE_SIZE for lists, 1 for a
 * single record) at the operation's unit price, or its per-call price. It is what the server
 * holds; fewer results cost less.
 */
export function maxFetchCost(operationId: string, items = PAGE_SIZE): number {
  const cost = (EXPLORER_COSTS as Record<string, { per: 'item' | 'call'; credits: number }>)[operationId];
  if (!cost) return 0;
  return cost.per === 'call' ? cost.credits : cost.credits * items;
}

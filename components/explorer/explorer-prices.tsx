'use client';

import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { EXPLORER_COSTS, maxFetchCost, type ExplorerPrice, type ExplorerPrices } from '@/lib/explorer/costs';

// The workspace's prices of the operations the explorer calls (its own terms applied, on the
// platform the explorer's calls go to), handed down by the explorer's layout from the price book,
// so every "costs up to" prompt names what the server will hold.
const PricesContext = createContext<ExplorerPrices>(EXPLORER_COSTS);

export function ExplorerPricesProvider({ prices, children }: { prices: ExplorerPrices; children: ReactNode }) {
  return <PricesContext.Provider value={prices}>{children}</PricesContext.Provider>;
}

/** maxFetchCost at the workspace's prices: the most a fetch of `items` (a page by default) can cost. */
export function useFetchCost(): (operationId: string, items?: number) => number {
  const prices = useContext(PricesContext);
  return useCallback((operationId: string, items?: number) => maxFetchCost(operationId, items, prices), [prices]);
}

/** The workspace's price of one operation, when the layout handed it down (undefined otherwise). */
export function useOperationPrice(operationId: string): ExplorerPrice | undefined {
  return useContext(PricesContext)[operationId];
}

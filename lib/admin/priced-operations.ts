import type { Operation } from '@/lib/api/define-operation';
import { findOperation, OPERATIONS } from '@/lib/api/registry';
import { PLATFORM_NAMES, type PlatformName } from '@/lib/platform/platform';

// What the price list may price: every /v2 operation whose seed price is not free (a free
// one stays free whatever the list says, lib/prices/price-book.ts), on every platform.

/** The priced operations, in the contract's order. */
export const PRICED_OPERATIONS: readonly Operation[] = OPERATIONS.filter((operation) => operation.cost.credits > 0);

export const PRICE_PLATFORMS: readonly PlatformName[] = PLATFORM_NAMES;

/** A priced operation by id, or why the id cannot be priced (unknown, or free). */
export function pricedOperation(id: string): { operation: Operation } | { error: string } {
  const operation = findOperation(id);
  if (!operation) return { error: `unknown operation "${id}"` };
  if (operation.cost.credits === 0) return { error: `${id} is free: free operations have no price to set` };
  return { operation };
}

export function isPlatform(name: string): name is PlatformName {
  return (PRICE_PLATFORMS as readonly string[]).includes(name);
}

/** What a price is counted in: the item ("profile", "tweet") or "call". */
export function describeUnit(operation: Pick<Operation, 'cost'>): string {
  return operation.cost.per === 'item' ? operation.cost.unit : 'call';
}

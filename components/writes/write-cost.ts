import { useOperationPrice } from '@/components/explorer/explorer-prices';
import { COSTS } from '@/lib/api/define-operation';

/** The seed's price of one write call (contract §3), where no workspace price was handed down. */
export const WRITE_COST = COSTS.write.credits;

/** "100 credits", for the label beside every write control. */
export function writeCostLabel(credits: number): string {
  return `${credits.toLocaleString('en-US')} ${credits === 1 ? 'credit' : 'credits'}`;
}

/** The seed's label ("100 credits"). */
export const WRITE_COST_LABEL = writeCostLabel(WRITE_COST);

/**
 * What one call of a write operation costs this workspace (its price from the price book, handed
 * down by the explorer's layout: a per-call price, or its minimum if higher); the seed's where none was.
 */
export function useWriteCost(operationId: string): number {
  const price = useOperationPrice(operationId);
  return price ? Math.max(price.credits, price.minimum ?? 0) : WRITE_COST;
}

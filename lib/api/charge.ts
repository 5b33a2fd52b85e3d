import { holdFor, type Pricing } from '@/lib/prices/price-book';
import type { Operation } from './define-operation';
import { ApiError } from './errors';

export const DEFAULT_COUNT = 20;

export type ChargePlan = { limit: number; hold: number };

type Inputs = { params: Record<string, unknown>; query: Record<string, unknown>; body: Record<string, unknown> };

/**
 * How many items the call may return and the credits to hold for it at the caller's price
 * (lib/prices): `count × unit` for paged operations (lowered by max_credits), the requested ids
 * for batches, the price for per-call operations; never below the price's per-call minimum.
 * 400 when max_credits cannot pay for even one item (or the minimum).
 */
export function planCharge(operation: Operation, inputs: Inputs, pricing: Pricing): ChargePlan {
  // Operations with a body take max_credits and count there; the rest (GETs, DELETEs and the
  // body-less POSTs such as likeTweet) in the query string.
  const values = operation.body ? inputs.body : inputs.query;
  const maxCredits = values.max_credits as number | undefined;
  const tooLow = (minimum: number) =>
    new ApiError('invalid_request', `max_credits ${maxCredits} is below the ${minimum} credits this call needs`, [{ path: 'max_credits', message: `must be at least ${minimum}` }]);
  const check = (plan: ChargePlan): ChargePlan => {
    if (maxCredits !== undefined && maxCredits < plan.hold) throw tooLow(plan.hold);
    return plan;
  };

  if (pricing.per === 'call') return check({ limit: 1, hold: holdFor(pricing, 1) });
  if (operation.requestedItems) {
    const requested = operation.requestedItems(inputs as never);
    return check({ limit: requested, hold: holdFor(pricing, requested) });
  }
  let limit = operation.paging ? ((values.count as number | undefined) ?? DEFAULT_COUNT) : 1;
  if (maxCredits !== undefined && pricing.credits > 0) {
    limit = Math.min(limit, Math.floor(maxCredits / pricing.credits));
    if (limit === 0) throw tooLow(Math.max(pricing.credits, pricing.minimum));
  }
  return check({ limit, hold: holdFor(pricing, limit) });
}

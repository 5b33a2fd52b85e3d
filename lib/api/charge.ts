import type { Operation } from './define-operation';
import { ApiError } from './errors';

export const DEFAULT_COUNT = 20;

export type ChargePlan = { limit: number; hold: number };

type Inputs = { params: Record<string, unknown>; query: Record<string, unknown>; body: Record<string, unknown> };

/**
 * How many items the call may return and the credits to hold for it: `count × unit` for
 * paged operations (lowered by max_credits), the requested ids for batches, the fixed
 * price for per-call operations. 400 when max_credits cannot pay for even one.
 */
export function planCharge(operation: Operation, inputs: Inputs): ChargePlan {
  // Operations with a body take max_credits and count there; the rest (GETs, DELETEs and the
  // body-less POSTs such as likeTweet) in the query string.
  const values = operation.body ? inputs.body : inputs.query;
  const maxCredits = values.max_credits as number | undefined;
  const { cost } = operation;
  const tooLow = (minimum: number) =>
    new ApiError('invalid_request', `max_credits ${maxCredits} is below the ${minimum} credits this call needs`, [{ path: 'max_credits', message: `must be at least ${minimum}` }]);

  if (cost.per === 'call') {
    if (maxCredits !== undefined && maxCredits < cost.credits) throw tooLow(cost.credits);
    return { limit: 1, hold: cost.credits };
  }
  if (operation.requestedItems) {
    const requested = operation.requestedItems(inputs as never);
    if (maxCredits !== undefined && maxCredits < requested * cost.credits) throw tooLow(requested * cost.credits);
    return { limit: requested, hold: requested * cost.credits };
  }
  let limit = operation.paging ? ((values.count as number | undefined) ?? DEFAULT_COUNT) : 1;
  if (maxCredits !== undefined) {
    limit = Math.min(limit, Math.floor(maxCredits / cost.credits));
    if (limit === 0) throw tooLow(cost.credits);
  }
  return { limit, hold: limit * cost.credits };
}

// When a price sells below what serving it costs upstream. A call makes one upstream request
// and returns n items: it sells for max(n × credits, minimum) credits (per-item prices) and
// costs per_request + n × per_item. With the credit's value V in money, a price is below cost
// when
//   - each item sells for less than it costs (credits × V < per_item): the bigger the answer,
//     the bigger the loss; or
//   - a call answering one item sells for less than it costs
//     (max(credits, minimum) × V < per_request + per_item).
// If neither holds, no call of one request answering at least one item loses money (the
// margin only grows with n). A per-call price is below cost when the call, as one request
// answering one item, sells for less: max(credits, minimum) × V < per_request + per_item.
// Apart from the flag, an empty answer (n = 0) of a per-item price sells for its minimum only:
// with a per-request cost and no minimum covering it, that is noted as a warning.

export type PriceTerms = { per: 'item' | 'call'; credits: number; minimum: number };
export type UpstreamCostTerms = { perRequestMicros: number; perItemMicros: number };

export type CostCheck =
  | { status: 'no-cost' }
  | { status: 'no-credit-value' }
  | { status: 'ok' | 'below-cost'; reasons: string[]; emptyAnswerLoss: boolean; oneItemMarginMicros: number };

export function checkBelowCost(price: PriceTerms, cost: UpstreamCostTerms | null, microsPerCredit: number | null): CostCheck {
  if (!cost) return { status: 'no-cost' };
  if (microsPerCredit === null) return { status: 'no-credit-value' };
  const reasons: string[] = [];
  const oneItemSells = Math.max(price.credits, price.minimum) * microsPerCredit;
  const oneItemCosts = cost.perRequestMicros + cost.perItemMicros;
  if (price.per === 'item' && price.credits * microsPerCredit < cost.perItemMicros) reasons.push('each item sells below its upstream cost');
  if (oneItemSells < oneItemCosts) reasons.push(price.per === 'item' ? 'a one-item call sells below its upstream cost' : 'a call sells below its upstream cost');
  const emptyAnswerLoss = price.per === 'item' && cost.perRequestMicros > 0 && price.minimum * microsPerCredit < cost.perRequestMicros;
  return { status: reasons.length > 0 ? 'below-cost' : 'ok', reasons, emptyAnswerLoss, oneItemMarginMicros: oneItemSells - oneItemCosts };
}

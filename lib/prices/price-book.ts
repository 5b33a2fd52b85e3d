import type { CreditValueRow, OverrideRow, PriceRow, PriceRows, UpstreamCostRow } from './price-rows';

// What an operation costs a workspace on a platform at a moment, from the price list's history:
// the latest row of its key in force then, else the seed's price (the operation's own cost).
// An override of the workspace's applies on top: the most specific one in force (operation and
// platform, then operation, then platform, then all), a discount (rounded to whole credits) or a
// price of its own. Pure and synchronous: the hot path asks it once per call.

/** What the price book needs of an operation: its id and the seed's cost. */
export type PricedOperation = { id: string; cost: { per: 'item' | 'call'; unit: string; credits: number } };

export type Pricing = {
  per: 'item' | 'call';
  unit: string;
  /** Credits per item (per: item) or per call. */
  credits: number;
  /** The least a successful call is charged (0: none). */
  minimum: number;
  /** Where the price comes from. */
  source: 'seed' | 'list' | 'override';
};

/** A call's upstream use: requests made, how many the cache answered, items the upstream returned. */
export type UpstreamUse = { requests: number; cached: number; items: number };

type Dated = { effectiveFrom: number };

/** Rows of one key, newest first. */
function byKey<T extends Dated>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  for (const list of map.values()) list.sort((a, b) => b.effectiveFrom - a.effectiveFrom);
  return map;
}

/** The row in force at `at`: the newest that took effect by then. */
function inForce<T extends Dated>(rows: readonly T[] | undefined, at: number): T | undefined {
  if (!rows) return undefined;
  for (const row of rows) if (row.effectiveFrom <= at) return row;
  return undefined;
}

const SCOPES = (platform: string, operation: string) => [`${platform}|${operation}`, `*|${operation}`, `${platform}|*`, '*|*'];

export class PriceBook {
  private readonly prices: Map<string, PriceRow[]>;
  private readonly overrides: Map<string, Map<string, OverrideRow[]>>;
  private readonly costs: Map<string, UpstreamCostRow[]>;
  private readonly creditValues: CreditValueRow[];

  constructor(rows: PriceRows = { prices: [], overrides: [], costs: [], creditValues: [] }) {
    this.prices = byKey(rows.prices, (row) => `${row.platform}|${row.operation}`);
    this.costs = byKey(rows.costs, (row) => `${row.platform}|${row.operation}`);
    this.overrides = new Map();
    const perWorkspace = byKey(rows.overrides, (row) => row.workspaceId);
    for (const [workspaceId, list] of perWorkspace) this.overrides.set(workspaceId, byKey(list, (row) => `${row.platform ?? '*'}|${row.operation ?? '*'}`));
    this.creditValues = [...rows.creditValues].sort((a, b) => b.effectiveFrom - a.effectiveFrom);
  }

  /** The price list's price (no workspace terms). Free operations stay free. */
  listPrice(operation: PricedOperation, platform: string, at = Date.now()): Pricing {
    const { per, unit, credits } = operation.cost;
    if (credits === 0) return { per, unit, credits: 0, minimum: 0, source: 'seed' };
    const row = inForce(this.prices.get(`${platform}|${operation.id}`), at);
    if (!row) return { per, unit, credits, minimum: 0, source: 'seed' };
    return { per, unit, credits: row.unitCredits, minimum: row.minCredits ?? 0, source: 'list' };
  }

  /** The price a workspace pays: the list's, with its override in force applied. */
  priceOf(operation: PricedOperation, platform: string, workspaceId: string | null | undefined, at = Date.now()): Pricing {
    const list = this.listPrice(operation, platform, at);
    const terms = workspaceId ? this.overrides.get(workspaceId) : undefined;
    if (!terms || operation.cost.credits === 0) return list;
    for (const scope of SCOPES(platform, operation.id)) {
      const row = inForce(terms.get(scope), at);
      if (!row || row.withdrawn) continue;
      if (row.unitCredits !== null) return { ...list, credits: row.unitCredits, minimum: 0, source: 'override' };
      const keep = (100 - (row.discountPercent ?? 0)) / 100;
      return { ...list, credits: Math.round(list.credits * keep), minimum: Math.round(list.minimum * keep), source: 'override' };
    }
    return list;
  }

  /** What a call's upstream use cost the operator, in millionths: cached reads cost nothing upstream. */
  upstreamCostMicros(platform: string, operationId: string, use: UpstreamUse, at = Date.now()): number {
    const row = inForce(this.costs.get(`${platform}|${operationId}`), at);
    if (!row) return 0;
    return Math.max(0, use.requests - use.cached) * row.perRequestMicros + use.items * row.perItemMicros;
  }

  /** The upstream cost in force for an operation, or null when none is set. */
  upstreamCost(platform: string, operationId: string, at = Date.now()): { perRequestMicros: number; perItemMicros: number } | null {
    const row = inForce(this.costs.get(`${platform}|${operationId}`), at);
    return row ? { perRequestMicros: row.perRequestMicros, perItemMicros: row.perItemMicros } : null;
  }

  /** What a credit is worth, or null when the operator has not said. */
  creditValue(at = Date.now()): { microsPerCredit: number; currency: string } | null {
    const row = inForce(this.creditValues, at);
    return row ? { microsPerCredit: row.microsPerCredit, currency: row.currency } : null;
  }
}

/** What the charge rule needs of a price (the playground's and explorer's views carry just this). */
export type ChargeablePrice = Pick<Pricing, 'per' | 'credits'> & { minimum?: number };

/** The credits to hold for a call that may return up to `limit` items. */
export function holdFor(pricing: ChargeablePrice, limit: number): number {
  const base = pricing.per === 'item' ? limit * pricing.credits : pricing.credits;
  return Math.max(base, pricing.minimum ?? 0);
}

/** The charge of a successful call that returned `items` (the minimum applies to every such call). */
export function chargeFor(pricing: ChargeablePrice, items: number): number {
  return holdFor(pricing, items);
}

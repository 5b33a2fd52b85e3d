import { getPool } from '@/lib/db/pool';
import type { PlatformName } from '@/lib/platform/platform';
import { PriceBook } from '@/lib/prices/price-book';
import { loadPriceRows, type CreditValueRow } from '@/lib/prices/price-rows';
import { checkBelowCost, type CostCheck } from './below-cost';
import { PRICE_PLATFORMS, PRICED_OPERATIONS } from './priced-operations';

// The price list as the operator reads it: every priced operation on every platform, with the
// price in force (from the list, or the seed's where the list has no row), changes scheduled
// for later, the upstream cost in force and whether the price sells below it. Read from the
// database, not this instance's price book, so the page shows what was just written.

type Dated = { effectiveFrom: number };

export type ScheduledPrice = { credits: number; minimum: number; from: string };
export type CostInForce = { perRequestMicros: number; perItemMicros: number; since: string };
export type ScheduledCost = { perRequestMicros: number; perItemMicros: number; from: string };

export type PriceListing = {
  operation: string;
  platform: PlatformName;
  per: 'item' | 'call';
  unit: string;
  seedCredits: number;
  credits: number;
  minimum: number;
  source: 'seed' | 'list';
  /** When the list's price in force took effect; null for the seed's. */
  since: string | null;
  scheduled: ScheduledPrice[];
  cost: CostInForce | null;
  scheduledCosts: ScheduledCost[];
  check: CostCheck;
};

export type CreditValueListing = { microsPerCredit: number; currency: string; since: string };

export type PriceList = {
  at: string;
  creditValue: CreditValueListing | null;
  scheduledCreditValues: Array<{ microsPerCredit: number; currency: string; from: string }>;
  listings: PriceListing[];
};

const iso = (ms: number) => new Date(ms).toISOString();

/** Rows in force at `at` (the newest by then) and those scheduled after it (soonest first). */
function split<T extends Dated>(rows: readonly T[], at: number): { current: T | undefined; later: T[] } {
  const past = rows.filter((row) => row.effectiveFrom <= at).sort((a, b) => b.effectiveFrom - a.effectiveFrom);
  const later = rows.filter((row) => row.effectiveFrom > at).sort((a, b) => a.effectiveFrom - b.effectiveFrom);
  return { current: past[0], later };
}

/** The price list at `at`, optionally for one platform. */
export async function listPrices({ platform, at = Date.now() }: { platform?: PlatformName; at?: number } = {}): Promise<PriceList> {
  const rows = await loadPriceRows(getPool());
  const book = new PriceBook(rows);
  const values = split<CreditValueRow>(rows.creditValues, at);
  const creditValue = values.current ? { microsPerCredit: values.current.microsPerCredit, currency: values.current.currency, since: iso(values.current.effectiveFrom) } : null;
  const listings: PriceListing[] = [];
  for (const operation of PRICED_OPERATIONS) {
    for (const name of PRICE_PLATFORMS) {
      if (platform && name !== platform) continue;
      const price = book.listPrice(operation, name, at);
      const prices = split(rows.prices.filter((row) => row.platform === name && row.operation === operation.id), at);
      const costs = split(rows.costs.filter((row) => row.platform === name && row.operation === operation.id), at);
      const cost = costs.current ? { perRequestMicros: costs.current.perRequestMicros, perItemMicros: costs.current.perItemMicros, since: iso(costs.current.effectiveFrom) } : null;
      listings.push({
        operation: operation.id,
        platform: name,
        per: price.per,
        unit: price.unit,
        seedCredits: operation.cost.credits,
        credits: price.credits,
        minimum: price.minimum,
        source: price.source === 'list' ? 'list' : 'seed',
        since: price.source === 'list' && prices.current ? iso(prices.current.effectiveFrom) : null,
        scheduled: prices.later.map((row) => ({ credits: row.unitCredits, minimum: row.minCredits ?? 0, from: iso(row.effectiveFrom) })),
        cost,
        scheduledCosts: costs.later.map((row) => ({ perRequestMicros: row.perRequestMicros, perItemMicros: row.perItemMicros, from: iso(row.effectiveFrom) })),
        check: checkBelowCost(price, cost, creditValue?.microsPerCredit ?? null),
      });
    }
  }
  return {
    at: iso(at),
    creditValue,
    scheduledCreditValues: values.later.map((row) => ({ microsPerCredit: row.microsPerCredit, currency: row.currency, from: iso(row.effectiveFrom) })),
    listings,
  };
}

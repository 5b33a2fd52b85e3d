import type { Queryable } from '@/lib/db/queryable';

// The rows of the price list, its overrides, the upstream costs and the credit's value, as the
// price book loads them (migration 20261130090000_prices). Times are epoch milliseconds.

export type PriceRow = { platform: string; operation: string; unitCredits: number; minCredits: number | null; effectiveFrom: number };
export type OverrideRow = {
  workspaceId: string;
  platform: string | null;
  operation: string | null;
  discountPercent: number | null;
  unitCredits: number | null;
  withdrawn: boolean;
  effectiveFrom: number;
};
export type UpstreamCostRow = { platform: string; operation: string; perRequestMicros: number; perItemMicros: number; effectiveFrom: number };
export type CreditValueRow = { microsPerCredit: number; currency: string; effectiveFrom: number };

export type PriceRows = { prices: PriceRow[]; overrides: OverrideRow[]; costs: UpstreamCostRow[]; creditValues: CreditValueRow[] };

// Every row, history included: the tables hold one row per change, a few thousand at most.
const LOAD_SQL = `
  SELECT json_build_object(
    'prices', (SELECT coalesce(json_agg(json_build_object('platform', platform, 'operation', operation, 'unitCredits', unit_credits,
                 'minCredits', min_credits, 'effectiveFrom', (extract(epoch FROM effective_from) * 1000)::bigint)), '[]') FROM prices),
    'overrides', (SELECT coalesce(json_agg(json_build_object('workspaceId', user_id, 'platform', platform, 'operation', operation,
                 'discountPercent', discount_percent, 'unitCredits', unit_credits, 'withdrawn', withdrawn,
                 'effectiveFrom', (extract(epoch FROM effective_from) * 1000)::bigint)), '[]') FROM price_overrides),
    'costs', (SELECT coalesce(json_agg(json_build_object('platform', platform, 'operation', operation, 'perRequestMicros', per_request_micros,
                 'perItemMicros', per_item_micros, 'effectiveFrom', (extract(epoch FROM effective_from) * 1000)::bigint)), '[]') FROM upstream_costs),
    'creditValues', (SELECT coalesce(json_agg(json_build_object('microsPerCredit', micros_per_credit, 'currency', currency,
                 'effectiveFrom', (extract(epoch FROM effective_from) * 1000)::bigint)), '[]') FROM credit_values)
  ) AS rows`;

/** Every price, override, upstream cost and credit value, history included. */
export async function loadPriceRows(db: Queryable): Promise<PriceRows> {
  const { rows } = await db.query<{ rows: PriceRows }>({ name: 'perch_prices_load', text: LOAD_SQL });
  return rows[0].rows;
}

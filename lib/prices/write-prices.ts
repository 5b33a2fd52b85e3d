import type pg from 'pg';
import { inTransaction } from '@/lib/db/transaction';
import { PRICES_CHANNEL, refreshPriceBook } from './price-book-sync';

// Changes to the price list, workspace overrides, upstream costs and the credit's value. Each
// is a new row (history kept: usage stays priced as it was, a change can be scheduled with a
// later effective_from) written with a NOTIFY in its transaction, so every instance reloads its
// price book within a second; this one reloads before answering.

type Common = { effectiveFrom?: Date | null; createdBy: string };

async function write(statement: (db: pg.PoolClient) => Promise<void>): Promise<void> {
  await inTransaction(async (db) => {
    await statement(db);
    await db.query('SELECT pg_notify($1, $2)', [PRICES_CHANNEL, '']);
  });
  await refreshPriceBook();
}

/** A price on the list: credits per item (or per call) and an optional per-call minimum. */
export function setPrice(input: Common & { platform: string; operation: string; unitCredits: number; minCredits?: number | null }): Promise<void> {
  return write(async (db) => {
    await db.query(
      `INSERT INTO prices (platform, operation, unit_credits, min_credits, effective_from, created_by)
       VALUES ($1, $2, $3, $4, coalesce($5::timestamptz, now()), $6)
       ON CONFLICT (platform, operation, effective_from) DO UPDATE SET unit_credits = EXCLUDED.unit_credits, min_credits = EXCLUDED.min_credits, created_by = EXCLUDED.created_by`,
      [input.platform, input.operation, input.unitCredits, input.minCredits ?? null, input.effectiveFrom ?? null, input.createdBy],
    );
  });
}

/** A workspace's own terms (a discount or a price of its own), or their end (`withdrawn`). */
export function setPriceOverride(
  input: Common & { workspaceId: string; platform: string | null; operation: string | null } & ({ discountPercent: number } | { unitCredits: number } | { withdrawn: true }),
): Promise<void> {
  const discount = 'discountPercent' in input ? input.discountPercent : null;
  const unit = 'unitCredits' in input ? input.unitCredits : null;
  return write(async (db) => {
    await db.query(
      `INSERT INTO price_overrides (user_id, platform, operation, discount_percent, unit_credits, withdrawn, effective_from, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, coalesce($7::timestamptz, now()), $8)`,
      [input.workspaceId, input.platform, input.operation, discount, unit, 'withdrawn' in input, input.effectiveFrom ?? null, input.createdBy],
    );
  });
}

/** What an operation costs upstream, in millionths of the operator's currency per request and per item. */
export function setUpstreamCost(input: Common & { platform: string; operation: string; perRequestMicros: number; perItemMicros: number }): Promise<void> {
  return write(async (db) => {
    await db.query(
      `INSERT INTO upstream_costs (platform, operation, per_request_micros, per_item_micros, effective_from, created_by)
       VALUES ($1, $2, $3, $4, coalesce($5::timestamptz, now()), $6)
       ON CONFLICT (platform, operation, effective_from) DO UPDATE SET per_request_micros = EXCLUDED.per_request_micros, per_item_micros = EXCLUDED.per_item_micros, created_by = EXCLUDED.created_by`,
      [input.platform, input.operation, input.perRequestMicros, input.perItemMicros, input.effectiveFrom ?? null, input.createdBy],
    );
  });
}

/** What one credit is worth, in millionths of `currency`. */
export function setCreditValue(input: Common & { microsPerCredit: number; currency: string }): Promise<void> {
  return write(async (db) => {
    await db.query(
      `INSERT INTO credit_values (micros_per_credit, currency, effective_from, created_by) VALUES ($1, $2, coalesce($3::timestamptz, now()), $4)
       ON CONFLICT (effective_from) DO UPDATE SET micros_per_credit = EXCLUDED.micros_per_credit, currency = EXCLUDED.currency, created_by = EXCLUDED.created_by`,
      [input.microsPerCredit, input.currency, input.effectiveFrom ?? null, input.createdBy],
    );
  });
}

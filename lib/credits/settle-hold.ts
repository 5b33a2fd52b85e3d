import { getMeterPool } from '@/lib/db/pool';
import type { Queryable } from '@/lib/db/queryable';
import { storableText } from '@/lib/metering/request-params';
import { budgetClock } from '@/lib/budgets/budget-clock';
import { assertCredits, toCredits } from './credit-amount';
import type { UsageRecord } from './types';

/** The hold is gone: settled or released already, or swept as stale. */
export class HoldNotFoundError extends Error {
  constructor(readonly holdId: string) {
    super(`credit hold ${holdId} is not open (already settled, released or swept)`);
    this.name = 'HoldNotFoundError';
  }
}

// One statement, one transaction: release the hold, refund what was not charged, move the
// charge from held to spent on the key, log the event and bump the daily rollup. Lock order is
// hold → balance → key → rollup row (EXISTS (SELECT 1 FROM refund) forces it), the same order
// as placeHold and the sweeper. The user, key and request come from the hold row itself, so an
// event can never be filed under another account than the one that paid for it.
// The charge also counts in the current day and month of the key and of the workspace (budgets,
// docs/budgets.md: the workspace's local period at the budget clock $12), and the hold leaves the
// workspace's `reserved`; a counter of an older period starts again from this charge.
const SETTLE_SQL = `
  WITH released AS MATERIALIZED (
    DELETE FROM credit_holds WHERE id = $1::bigint AND amount >= $2::bigint
    RETURNING user_id, key_id, request_id, amount
  ), period AS MATERIALIZED (
    SELECT perch_period_start('day', w.time_zone, coalesce($12::timestamptz, now())) AS day,
           perch_period_start('month', w.time_zone, coalesce($12::timestamptz, now())) AS month
    FROM released r JOIN workspaces w ON w.id = r.user_id
  ), refund AS MATERIALIZED (
    UPDATE credit_balances b SET balance = b.balance + r.amount - $2::bigint, reserved = b.reserved - r.amount, updated_at = now(),
      day_spent = CASE WHEN b.day_start = p.day THEN b.day_spent ELSE 0 END + $2::bigint, day_start = p.day,
      month_spent = CASE WHEN b.month_start = p.month THEN b.month_spent ELSE 0 END + $2::bigint, month_start = p.month
    FROM released r, period p WHERE b.user_id = r.user_id
    RETURNING b.balance
  ), spend AS (
    UPDATE api_keys k SET credits_held = k.credits_held - r.amount, credits_spent = k.credits_spent + $2::bigint,
      day_spent = CASE WHEN k.day_start = p.day THEN k.day_spent ELSE 0 END + $2::bigint, day_start = p.day,
      month_spent = CASE WHEN k.month_start = p.month THEN k.month_spent ELSE 0 END + $2::bigint, month_start = p.month
    FROM released r, period p WHERE k.id = r.key_id AND EXISTS (SELECT 1 FROM refund)
  ), event AS (
    INSERT INTO usage_events (request_id, user_id, key_id, operation, tag, status, items, credits, latency_ms, source, created_at, params, error_code, error_message,
                              platform, upstream_requests, upstream_cached, upstream_items, upstream_cost_micros)
    SELECT r.request_id, r.user_id, r.key_id, $3, $4, $5::int, $6::int, $2::bigint, $7::int, $8, now(), $9::jsonb, $10, $11,
           $13, $14::int, $15::int, $16::int, $17::bigint FROM released r
  ), daily AS (
    INSERT INTO usage_daily AS d (user_id, key_id, day, operation, platform, tag, calls, errors, items, credits, latency_ms_sum,
                                  upstream_requests, upstream_cached, upstream_items, upstream_cost_micros)
    SELECT r.user_id, coalesce(r.key_id, ''), (now() AT TIME ZONE 'UTC')::date, $3, $13, $4, 1,
           CASE WHEN $5::int >= 400 THEN 1 ELSE 0 END, $6::int, $2::bigint, $7::int, $14::int, $15::int, $16::int, $17::bigint
    FROM released r WHERE EXISTS (SELECT 1 FROM refund)
    ON CONFLICT (user_id, key_id, day, operation, platform) DO UPDATE SET
      tag = EXCLUDED.tag,
      calls = d.calls + 1,
      errors = d.errors + EXCLUDED.errors,
      items = d.items + EXCLUDED.items,
      credits = d.credits + EXCLUDED.credits,
      latency_ms_sum = d.latency_ms_sum + EXCLUDED.latency_ms_sum,
      upstream_requests = d.upstream_requests + EXCLUDED.upstream_requests,
      upstream_cached = d.upstream_cached + EXCLUDED.upstream_cached,
      upstream_items = d.upstream_items + EXCLUDED.upstream_items,
      upstream_cost_micros = d.upstream_cost_micros + EXCLUDED.upstream_cost_micros
  )
  SELECT balance FROM refund`;

const HOLD_AMOUNT_SQL = 'SELECT amount FROM credit_holds WHERE id = $1::bigint';

export type SettleHoldInput = { holdId: string; charge: number; usage: UsageRecord };

function assertUsage(usage: UsageRecord): void {
  if (!Number.isInteger(usage.status) || usage.status < 100 || usage.status > 599) throw new RangeError(`usage.status must be an HTTP status, got ${usage.status}`);
  if (!Number.isInteger(usage.items) || usage.items < 0) throw new RangeError(`usage.items must be an integer >= 0, got ${usage.items}`);
  if (!Number.isFinite(usage.latencyMs) || usage.latencyMs < 0) throw new RangeError(`usage.latencyMs must be >= 0, got ${usage.latencyMs}`);
}

/**
 * Settles a hold to the real charge (at most the hold) and records the call's usage, all in
 * one statement; returns the account's balance afterwards. Error responses never charge.
 */
export async function settleHold({ holdId, charge, usage }: SettleHoldInput, db: Queryable = getMeterPool()): Promise<number> {
  if (!/^[0-9]{1,19}$/.test(holdId)) throw new HoldNotFoundError(holdId);
  assertCredits('charge', charge);
  assertUsage(usage);
  if (usage.status >= 400 && charge !== 0) throw new RangeError(`an error response (status ${usage.status}) must not charge credits`);
  const latencyMs = Math.min(Math.round(usage.latencyMs), 2_147_483_647);
  const { rows } = await db.query<{ balance: string }>({
    name: 'perch_credits_settle_hold',
    text: SETTLE_SQL,
    values: [
      holdId, charge, usage.operation, usage.tag, usage.status, usage.items, latencyMs, usage.source,
      usage.params ? JSON.stringify(usage.params) : null, usage.errorCode ? storableText(usage.errorCode, 100) : null, usage.errorMessage ? storableText(usage.errorMessage) : null,
      budgetClock(),
      usage.platform ?? 'local', usage.upstreamRequests ?? 0, usage.upstreamCached ?? 0, usage.upstreamItems ?? 0, usage.upstreamCostMicros ?? 0,
    ],
  });
  if (rows[0]) return toCredits(rows[0].balance);
  // Nothing was released: find out why, for a precise error (this path is a bug or a race with the sweeper).
  const open = await db.query<{ amount: string }>({ name: 'perch_credits_hold_amount', text: HOLD_AMOUNT_SQL, values: [holdId] });
  if (open.rows[0]) throw new RangeError(`charge ${charge} exceeds hold ${holdId} of ${open.rows[0].amount} credits`);
  throw new HoldNotFoundError(holdId);
}

export type ReleaseHoldInput = { holdId: string; usage: Omit<UsageRecord, 'items'> & { items?: number } };

/** Releases a hold in full for a failed call, still recording its usage event and status. */
export async function releaseHold({ holdId, usage }: ReleaseHoldInput): Promise<number> {
  return settleHold({ holdId, charge: 0, usage: { ...usage, items: usage.items ?? 0 } });
}

import { getMeterPool } from '@/lib/db/pool';
import { assertCredits, toCredits } from './credit-amount';
import type { PlaceHoldInput, PlaceHoldResult } from './types';

// One statement decides and applies the hold, so nothing between a check and a write can race.
// - `bal` locks the account's balance row and, being FOR UPDATE under READ COMMITTED, reads
//   its newest committed value rather than the statement's snapshot.
// - `key_row` locks the key's row the same way, and only after `bal` (its EXISTS forces the
//   order): every statement that touches both rows takes the balance first, so two can't deadlock.
//   Credits leased by instances (lib/metering) count against the key's limit like open holds.
// - `verdict` judges balance and key limit on those locked, current values; both UPDATEs obey
//   the same verdict, so either both the balance debit and the key's credits_held increment
//   happen, or neither. Their own WHERE clauses test no amounts: a stale snapshot value must
//   not veto what the locked read allowed. PostgreSQL still computes each new row from the
//   snapshot's version first and redoes it on the current one, which is why credit_balances
//   carries no CHECK (balance >= 0): see migration 20261122000300.
const PLACE_HOLD_SQL = `
  WITH bal AS MATERIALIZED (
    SELECT balance FROM credit_balances WHERE user_id = $1 FOR UPDATE
  ), key_row AS MATERIALIZED (
    SELECT credit_limit, credits_spent, credits_held + credits_leased AS credits_held FROM api_keys
    WHERE id = $2::text AND user_id = $1 AND EXISTS (SELECT 1 FROM bal)
    FOR UPDATE
  ), verdict AS MATERIALIZED (
    SELECT
      coalesce((SELECT balance FROM bal), 0) AS balance,
      coalesce((SELECT balance >= $3::bigint FROM bal), false) AS balance_ok,
      $2::text IS NULL OR EXISTS (SELECT 1 FROM key_row) AS key_found,
      $2::text IS NULL OR EXISTS (
        SELECT 1 FROM key_row k
        WHERE k.credit_limit IS NULL OR k.credits_spent + k.credits_held + $3::bigint <= k.credit_limit
      ) AS key_ok
  ), key_hold AS (
    UPDATE api_keys SET credits_held = credits_held + $3::bigint
    WHERE id = $2::text AND (SELECT balance_ok AND key_ok FROM verdict)
    RETURNING id
  ), debit AS (
    UPDATE credit_balances SET balance = balance - $3::bigint, updated_at = now()
    WHERE user_id = $1 AND (SELECT balance_ok AND key_ok FROM verdict)
    RETURNING balance
  ), hold AS (
    INSERT INTO credit_holds (user_id, key_id, request_id, amount)
    SELECT $1, $2::text, $4, $3::bigint FROM debit
    RETURNING id
  )
  SELECT (SELECT id FROM hold)::text AS hold_id, (SELECT balance FROM debit) AS balance_after,
         v.balance, v.balance_ok, v.key_found, k.credit_limit, k.credits_spent, k.credits_held
  FROM verdict v LEFT JOIN key_row k ON true`;

const ENSURE_BALANCE_SQL = 'INSERT INTO credit_balances (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING';

type PlaceHoldRow = {
  hold_id: string | null;
  balance_after: string | null;
  balance: string;
  balance_ok: boolean;
  key_found: boolean;
  credit_limit: string | null;
  credits_spent: string | null;
  credits_held: string | null;
};

async function tryPlaceHold({ userId, keyId, requestId, amount }: PlaceHoldInput): Promise<PlaceHoldRow> {
  const { rows } = await getMeterPool().query<PlaceHoldRow>({ name: 'perch_credits_place_hold', text: PLACE_HOLD_SQL, values: [userId, keyId, amount, requestId] });
  return rows[0];
}

/**
 * Reserves `amount` credits for one call, or says why not: the balance cannot cover it
 * (checked first) or the key's own spending limit (spent + open holds + amount) would pass.
 */
export async function placeHold(input: PlaceHoldInput): Promise<PlaceHoldResult> {
  const { userId, keyId, amount } = input;
  assertCredits('amount', amount);
  let row = await tryPlaceHold(input);
  if (row.hold_id === null && !row.balance_ok && amount === 0) {
    // Holds hang off the balance row. An account that was never granted anything has none,
    // and only a free call can get this far without one: create it (balance 0) and retry.
    await getMeterPool().query({ name: 'perch_credits_ensure_balance', text: ENSURE_BALANCE_SQL, values: [userId] });
    row = await tryPlaceHold(input);
  }
  if (row.hold_id !== null) return { ok: true, holdId: row.hold_id, balance: toCredits(row.balance_after) };
  if (!row.balance_ok) return { ok: false, reason: 'insufficient_credits', required: amount, balance: toCredits(row.balance) };
  if (!row.key_found) throw new Error(`placeHold: key ${keyId} does not exist or is not user ${userId}'s`);
  return {
    ok: false,
    reason: 'key_limit_reached',
    required: amount,
    creditLimit: toCredits(row.credit_limit),
    creditsSpent: toCredits(row.credits_spent),
    creditsHeld: toCredits(row.credits_held),
  };
}

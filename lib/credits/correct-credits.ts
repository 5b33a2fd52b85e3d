import { getPool } from '@/lib/db/pool';
import { assertCredits, toCredits } from './credit-amount';

// One statement, as a grant: the balance decrement and the negative grant row (the ledger's
// record of the correction) commit together. Only from the balance at hand: credits held by
// calls in flight or leased to instances are not taken, so the balance never goes below 0.
const CORRECT_SQL = `
  WITH taken AS (
    UPDATE credit_balances SET balance = balance - $2::bigint, updated_at = now()
    WHERE user_id = $1 AND balance >= $2::bigint
    RETURNING user_id, balance
  ), recorded AS (
    INSERT INTO credit_grants (user_id, amount, reason) SELECT user_id, -$2::bigint, $3 FROM taken
  )
  SELECT (SELECT balance FROM taken) AS balance, (SELECT balance FROM credit_balances WHERE user_id = $1) AS before`;

export type CorrectionResult = { ok: true; balance: number } | { ok: false; available: number };

/**
 * Takes back `amount` credits granted by mistake, ledgered as a negative grant with `reason`
 * (the ledger identity balance = grants − usage − holds − leases keeps holding). Refused, with
 * what is available, when the balance is smaller than the correction.
 */
export async function correctCredits(userId: string, amount: number, reason: string): Promise<CorrectionResult> {
  assertCredits('amount', amount, 1);
  if (!reason.trim()) throw new RangeError('a correction needs a reason');
  const { rows } = await getPool().query<{ balance: string | null; before: string | null }>(CORRECT_SQL, [userId, amount, reason]);
  const row = rows[0];
  return row.balance === null ? { ok: false, available: toCredits(row.before) } : { ok: true, balance: toCredits(row.balance) };
}

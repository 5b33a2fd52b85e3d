import { getPool } from '@/lib/db/pool';
import { assertCredits, toCredits } from './credit-amount';

// One statement: the grant row and the balance increment commit together or not at all, and
// the upsert creates the balance row on a first grant.
const GRANT_SQL = `
  WITH granted AS (
    INSERT INTO credit_grants (user_id, amount, reason) VALUES ($1, $2::bigint, $3) RETURNING user_id, amount
  )
  INSERT INTO credit_balances (user_id, balance, updated_at)
  SELECT user_id, amount, now() FROM granted
  ON CONFLICT (user_id) DO UPDATE SET balance = credit_balances.balance + EXCLUDED.balance, updated_at = now()
  RETURNING balance`;

/** Adds credits to an account (grant row + balance) atomically; returns the new balance. */
export async function grantCredits(userId: string, amount: number, reason: string): Promise<number> {
  assertCredits('amount', amount, 1);
  if (!reason.trim()) throw new RangeError('a grant needs a reason');
  const { rows } = await getPool().query<{ balance: string }>({ name: 'perch_credits_grant', text: GRANT_SQL, values: [userId, amount, reason] });
  return toCredits(rows[0].balance);
}

import { getPool } from '@/lib/db/pool';
import { toCredits } from './credit-amount';

// One expired lease per statement, its whole amount back to the balance and the key's limit.
// A lease expires when its instance stopped renewing it (killed): the calls it served but had
// not flushed yet are lost from usage and so go free; never an over-charge, never credits lost.
const RECLAIM_ONE_SQL = `
  WITH stale AS MATERIALIZED (
    DELETE FROM credit_leases WHERE id = (
      SELECT id FROM credit_leases WHERE expires_at < now() ORDER BY expires_at LIMIT 1 FOR UPDATE SKIP LOCKED
    )
    RETURNING id, user_id, key_id, amount
  ), refund AS MATERIALIZED (
    UPDATE credit_balances b SET balance = b.balance + s.amount, reserved = b.reserved - s.amount, updated_at = now()
    FROM stale s WHERE b.user_id = s.user_id
    RETURNING b.user_id
  ), unlease AS (
    UPDATE api_keys k SET credits_leased = k.credits_leased - s.amount
    FROM stale s WHERE k.id = s.key_id AND EXISTS (SELECT 1 FROM refund)
  )
  SELECT id::text, amount FROM stale`;

export type ReclaimResult = { reclaimed: number; credits: number };

/** Returns the credits of every expired lease (left by a dead instance) to their accounts. */
export async function reclaimExpiredLeases({ maxLeases = 10_000 } = {}): Promise<ReclaimResult> {
  let reclaimed = 0;
  let credits = 0;
  while (reclaimed < maxLeases) {
    const { rows } = await getPool().query<{ id: string; amount: string }>({ name: 'perch_credits_reclaim_lease', text: RECLAIM_ONE_SQL });
    if (!rows[0]) break;
    reclaimed += 1;
    credits += toCredits(rows[0].amount);
  }
  return { reclaimed, credits };
}

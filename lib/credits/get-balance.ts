import { getPool } from '@/lib/db/pool';
import { toCredits } from './credit-amount';

// Credits an instance leased (lib/metering) are still the account's: they are spent only
// as the calls they serve are charged, and given back when unused.
const BALANCE_SQL = `
  SELECT coalesce((SELECT balance FROM credit_balances WHERE user_id = $1), 0)
       + coalesce((SELECT sum(amount) FROM credit_leases WHERE user_id = $1), 0) AS balance`;

/**
 * An account's spendable balance: open holds already taken out, credits leased by running
 * instances counted in (their charges land with the next usage flush, about 0.1 s later).
 */
export async function getBalance(userId: string): Promise<number> {
  const { rows } = await getPool().query<{ balance: string }>({ name: 'perch_credits_balance', text: BALANCE_SQL, values: [userId] });
  return toCredits(rows[0]?.balance);
}

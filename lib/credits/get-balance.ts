import { getPool } from '@/lib/db/pool';
import { toCredits } from './credit-amount';

/** An account's spendable balance (open holds already taken out); 0 when it has none. */
export async function getBalance(userId: string): Promise<number> {
  const { rows } = await getPool().query<{ balance: string }>({
    name: 'perch_credits_balance',
    text: 'SELECT balance FROM credit_balances WHERE user_id = $1',
    values: [userId],
  });
  return toCredits(rows[0]?.balance);
}

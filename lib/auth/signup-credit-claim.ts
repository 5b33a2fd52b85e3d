import crypto from 'node:crypto';
import { assertCredits } from '@/lib/credits/credit-amount';
import { getPool } from '@/lib/db/pool';

/** How an address is remembered in signup_credit_claims: SHA-256 of its lower-cased form, hex. */
export function emailHash(email: string): string {
  return crypto.createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');
}

// One statement: the claim, the grant row and the balance commit together or not at all. A
// claim that already exists (the address signed up before, its account since deleted) inserts
// nothing, so neither does the grant. The claim is taken even when the amount is 0: the address
// had its sign-up.
const CLAIM_SQL = `
  WITH claim AS (
    INSERT INTO signup_credit_claims (email_hash) VALUES ($3) ON CONFLICT DO NOTHING RETURNING email_hash
  ), granted AS (
    INSERT INTO credit_grants (user_id, amount, reason)
    SELECT $1, $2::bigint, 'signup credits' FROM claim WHERE $2::bigint > 0
    RETURNING user_id, amount
  )
  INSERT INTO credit_balances (user_id, balance, updated_at)
  SELECT user_id, amount, now() FROM granted
  ON CONFLICT (user_id) DO UPDATE SET balance = credit_balances.balance + EXCLUDED.balance, updated_at = now()
  RETURNING balance`;

/**
 * Grants the sign-up credits to a new person's personal workspace (`workspaceId`, the same id
 * as theirs) unless `email` already had them: returns the credits granted, 0 for an address
 * seen before.
 */
export async function grantSignupCreditsOnce(workspaceId: string, email: string, amount: number): Promise<number> {
  assertCredits('amount', amount);
  const { rows } = await getPool().query(CLAIM_SQL, [workspaceId, amount, emailHash(email)]);
  return rows.length > 0 ? amount : 0;
}

/**
 * Remembers an address as having had its sign-up, whichever way its account was made (the
 * admin CLI, an admin's grant): called before a deleted account's email is scrubbed, so a new
 * sign-up with it starts without the sign-up credits.
 */
export async function rememberSignupAddress(email: string): Promise<void> {
  await getPool().query(`INSERT INTO signup_credit_claims (email_hash) VALUES ($1) ON CONFLICT DO NOTHING`, [emailHash(email)]);
}

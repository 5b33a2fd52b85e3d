import crypto from 'node:crypto';
import { getPool } from '@/lib/db/pool';

export type AccountTokenPurpose = 'password_reset' | 'email_verification';

/** How long each kind of link works. */
export const TOKEN_TTL_SECONDS: Record<AccountTokenPurpose, number> = { password_reset: 60 * 60, email_verification: 24 * 60 * 60 };

function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * A new single-use token for a link sent to `email`; only its SHA-256 is stored, so the table
 * leaks nothing usable. Issuing one voids the account's earlier unused tokens of that purpose.
 */
export async function issueAccountToken(userId: string, purpose: AccountTokenPurpose, email: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const pool = getPool();
  await pool.query(`UPDATE account_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`, [userId, purpose]);
  await pool.query(`INSERT INTO account_tokens (user_id, purpose, token_hash, email, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`, [
    userId,
    purpose,
    hashToken(token),
    email,
    TOKEN_TTL_SECONDS[purpose],
  ]);
  return token;
}

/**
 * Uses a token up: one statement marks it used only if it is unused and unexpired, so two
 * concurrent uses cannot both succeed. Null for an unknown, used or expired token.
 */
export async function consumeAccountToken(token: string, purpose: AccountTokenPurpose): Promise<{ userId: string; email: string } | null> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 100) return null;
  const { rows } = await getPool().query<{ user_id: string; email: string }>(
    `UPDATE account_tokens t SET used_at = now()
       FROM users u
      WHERE t.token_hash = $1 AND t.purpose = $2 AND t.used_at IS NULL AND t.expires_at > now() AND u.id = t.user_id AND u.deleted_at IS NULL
      RETURNING t.user_id, t.email`,
    [hashToken(token), purpose],
  );
  return rows[0] ? { userId: rows[0].user_id, email: rows[0].email } : null;
}

/** Whether a token would still be accepted (to show the reset form or say the link is dead). */
export async function isAccountTokenUsable(token: string, purpose: AccountTokenPurpose): Promise<boolean> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 100) return false;
  const { rows } = await getPool().query(`SELECT 1 FROM account_tokens WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()`, [hashToken(token), purpose]);
  return rows.length > 0;
}

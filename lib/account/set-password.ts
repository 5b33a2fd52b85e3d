import { endOtherDashboardSessions } from '@/lib/auth/dashboard-sessions';
import { hashPassword } from '@/lib/auth/password';
import { getPool } from '@/lib/db/pool';

/**
 * Stores a new password hash and ends every dashboard session except `keepSession` (the
 * browser that made the change; null ends them all), and voids unused reset links: whoever
 * knew the old password or held a link is out.
 */
export async function setPassword(userId: string, password: string, keepSession: string | null): Promise<void> {
  const hash = await hashPassword(password);
  await getPool().query(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, [userId, hash]);
  await getPool().query(`UPDATE account_tokens SET used_at = now() WHERE user_id = $1 AND purpose = 'password_reset' AND used_at IS NULL`, [userId]);
  await endOtherDashboardSessions(userId, keepSession);
}

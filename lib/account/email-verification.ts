import { getPool } from '@/lib/db/pool';
import { sendMail } from '@/lib/mail/send-mail';
import { consumeAccountToken, issueAccountToken } from './account-tokens';

/** Mails a link (valid 24 hours, single use) that confirms the account's email address. */
export async function sendVerificationMail(userId: string, origin: string): Promise<{ sent: boolean }> {
  const { rows } = await getPool().query<{ email: string; verified: boolean }>(`SELECT email, email_verified IS NOT NULL AS verified FROM users WHERE id = $1 AND deleted_at IS NULL`, [userId]);
  const user = rows[0];
  if (!user || user.verified) return { sent: false };
  const token = await issueAccountToken(userId, 'email_verification', user.email);
  await sendMail({
    to: user.email,
    subject: 'Confirm your email address for Perch',
    text: `Confirm that this address belongs to your Perch account (the link works once, for 24 hours):\n${origin}/verify-email?token=${token}\n\nIf you did not create a Perch account, ignore this mail.`,
  });
  return { sent: true };
}

/** Confirms an email address from its link; false when the link is unknown, used or expired. */
export async function verifyEmail(token: string): Promise<boolean> {
  const owner = await consumeAccountToken(token, 'email_verification');
  if (!owner) return false;
  // Only the address the link was sent to: after a change of email the old link proves nothing.
  const { rowCount } = await getPool().query(`UPDATE users SET email_verified = now() WHERE id = $1 AND email = $2`, [owner.userId, owner.email]);
  return (rowCount ?? 0) > 0;
}

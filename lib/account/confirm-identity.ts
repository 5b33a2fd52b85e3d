import { z } from 'zod';
import { verifyPassword } from '@/lib/auth/password';
import { getPool } from '@/lib/db/pool';
import { refusedCodeMessage, verifySecondFactor } from './two-factor';

/** What a destructive form sends to prove it is the person: password (or email without one) and, with 2FA on, a code. */
export const identityFields = {
  password: z.string().max(256).optional(),
  confirmEmail: z.string().max(254).optional(),
  code: z.string().max(64).optional(),
};

export type IdentityInput = { password?: string; confirmEmail?: string; code?: string };

export type IdentityVerdict = { ok: true; email: string } | { ok: false; errors: Record<string, string> };

/**
 * Re-checks who is asking before something that cannot be undone (deleting the account or a
 * workspace): the password (or, for an account without one, its email typed out) and, with
 * two-factor sign-in on, a code from the app or a recovery code (a password alone is what
 * two-factor means not to trust). Errors are keyed by the field to fix.
 */
export async function confirmIdentity(userId: string, input: IdentityInput): Promise<IdentityVerdict> {
  const { rows } = await getPool().query<{ email: string; password_hash: string | null; two_factor: boolean }>(
    `SELECT email, password_hash, totp_enabled_at IS NOT NULL AS two_factor FROM users WHERE id = $1 AND deleted_at IS NULL`,
    [userId],
  );
  const user = rows[0];
  if (!user) return { ok: false, errors: { form: 'This account no longer exists' } };
  if (user.password_hash) {
    if (!input.password) return { ok: false, errors: { password: 'Enter your password' } };
    if (!(await verifyPassword(user.password_hash, input.password))) return { ok: false, errors: { password: 'That is not your password' } };
  } else if (input.confirmEmail?.trim().toLowerCase() !== user.email) {
    return { ok: false, errors: { confirmEmail: 'Type your email address to confirm' } };
  }
  if (user.two_factor) {
    const code = input.code?.trim();
    if (!code) return { ok: false, errors: { code: 'Enter a code from your authenticator app (or a recovery code)' } };
    const verdict = await verifySecondFactor(userId, code);
    if (!verdict.ok) return { ok: false, errors: { code: refusedCodeMessage(verdict) } };
  }
  return { ok: true, email: user.email };
}

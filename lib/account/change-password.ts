import { z } from 'zod';
import { verifyPassword } from '@/lib/auth/password';
import { fieldErrors, type FieldErrors } from '@/lib/dashboard/field-errors';
import { getPool } from '@/lib/db/pool';
import { newPasswordSchema } from './new-password-schema';
import { setPassword } from './set-password';

const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(256, 'That password is too long'),
  newPassword: newPasswordSchema,
});

export type ChangePasswordResult = { ok: true; endedOtherSessions: true } | { ok: false; errors: FieldErrors };

/**
 * Changes a signed-in account's password after re-checking the current one; every other
 * dashboard session of the account ends.
 */
export async function changePassword(userId: string, input: unknown, currentSession: string | null): Promise<ChangePasswordResult> {
  const parsed = changePasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const { rows } = await getPool().query<{ password_hash: string | null }>(`SELECT password_hash FROM users WHERE id = $1 AND deleted_at IS NULL`, [userId]);
  const hash = rows[0]?.password_hash;
  if (!hash) return { ok: false, errors: { currentPassword: 'This account signs in with GitHub or Google: set a password through “Forgot password” instead' } };
  if (!(await verifyPassword(hash, parsed.data.currentPassword))) return { ok: false, errors: { currentPassword: 'That is not your current password' } };
  if (parsed.data.newPassword === parsed.data.currentPassword) return { ok: false, errors: { newPassword: 'Choose a password different from the current one' } };
  await setPassword(userId, parsed.data.newPassword, currentSession);
  return { ok: true, endedOtherSessions: true };
}

import { z } from 'zod';
import { AccountExistsError, createAccount } from '@/lib/admin/create-account';
import { fieldErrors, type FieldErrors } from '@/lib/dashboard/field-errors';
import { getPool } from '@/lib/db/pool';
import { verifyPassword } from './password';
import { pendingSignUp } from './sign-up';
import { grantSignupCreditsOnce } from './signup-credit-claim';
import { signupCredits } from './signup-credits';

const finishSchema = z.object({
  token: z.string().max(100),
  password: z.string().min(1, 'Enter the password you chose when signing up').max(256, 'Use at most 256 characters'),
});

export type FinishSignUpResult = { ok: true; email: string } | { ok: false; errors: FieldErrors };

const DEAD_LINK = 'This sign-up link has expired or was already used: sign up again';

/**
 * Creates the account of a pending sign-up from its mailed link, once the password chosen at
 * sign-up is typed again (the browser then signs in with it). Opening the link proves the
 * address, so the account starts verified, with the signup credits as a grant (the first
 * time the address signs up only: signup-credit-claim.ts).
 */
export async function finishSignUp(input: { token?: unknown; password?: unknown }): Promise<FinishSignUpResult> {
  const parsed = finishSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { ok: false, errors: errors.token ? { form: DEAD_LINK } : errors };
  }
  const pending = await pendingSignUp(parsed.data.token);
  if (!pending) return { ok: false, errors: { form: DEAD_LINK } };
  if (!(await verifyPassword(pending.passwordHash, parsed.data.password))) {
    return { ok: false, errors: { password: 'That is not the password you chose when signing up' } };
  }
  let userId: string;
  try {
    // The unique index on email decides between two links of one address opened at once.
    userId = (await createAccount({ email: pending.email, password: parsed.data.password, credits: 0 })).id;
  } catch (error) {
    if (!(error instanceof AccountExistsError) && (error as { code?: unknown }).code !== 'P2002') throw error;
    await markUsed(pending.id);
    return { ok: false, errors: { form: 'This address has an account already: sign in, or reset your password if you forgot it' } };
  }
  await getPool().query(`UPDATE users SET email_verified = now() WHERE id = $1`, [userId]);
  // Once per address: an address whose earlier account was deleted signs up without them.
  await grantSignupCreditsOnce(userId, pending.email, signupCredits());
  await markUsed(pending.id);
  return { ok: true, email: pending.email };
}

async function markUsed(id: string): Promise<void> {
  await getPool().query(`UPDATE signup_requests SET used_at = now() WHERE id = $1`, [id]);
}

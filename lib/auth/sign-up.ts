import { z } from 'zod';
import { AccountExistsError, createAccount } from '@/lib/admin/create-account';
import { fieldErrors, type FieldErrors } from '@/lib/dashboard/field-errors';
import { MIN_PASSWORD_LENGTH } from './password';
import { describeWait } from './sign-in-limiter';
import { sharedSignUpLimiter, type SignUpLimiter } from './sign-up-limiter';
import { signupCredits } from './signup-credits';

export const signUpSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Enter your email address').max(254, 'That email address is too long').pipe(z.email('Enter a valid email address')),
  password: z.string().min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`).max(256, 'Use at most 256 characters'),
});

export type SignUpResult = { ok: true; email: string } | { ok: false; errors: FieldErrors };

/**
 * Creates a password account with the signup credits as a grant, or says what to fix. With
 * the client's address, at most PERCH_SIGNUP_LIMIT_PER_HOUR accounts per address per hour.
 */
export async function signUp(input: { email?: unknown; password?: unknown }, from?: { ip: string; limiter?: SignUpLimiter }): Promise<SignUpResult> {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const limiter = from ? (from.limiter ?? sharedSignUpLimiter('signup')) : null;
  const wait = from && limiter ? await limiter.check(from.ip) : null;
  if (wait !== null) return { ok: false, errors: { form: `Too many accounts were created from this address. Try again in ${describeWait(wait)}.` } };
  try {
    const user = await createAccount({ ...parsed.data, credits: signupCredits(), reason: 'signup credits' });
    if (from && limiter) await limiter.record(from.ip);
    return { ok: true, email: user.email };
  } catch (error) {
    // P2002: a concurrent sign-up with the same email won the unique index.
    if (error instanceof AccountExistsError || (error as { code?: unknown }).code === 'P2002') return { ok: false, errors: { email: 'An account with this email already exists: sign in instead' } };
    throw error;
  }
}

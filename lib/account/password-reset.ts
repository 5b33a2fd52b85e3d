import { componentLogger } from '@/lib/observability/logger';
import { z } from 'zod';
import { createAttemptCounter } from '@/lib/auth/attempt-counter';
import { sharedAttemptStore } from '@/lib/auth/sign-in-limiter';
import { fieldErrors, type FieldErrors } from '@/lib/dashboard/field-errors';
import { getPool } from '@/lib/db/pool';
import { sendMail } from '@/lib/mail/send-mail';
import { consumeAccountToken, issueAccountToken } from './account-tokens';
import { newPasswordSchema } from './new-password-schema';
import { setPassword } from './set-password';

const log = componentLogger('reset');

// At most this many reset mails per address per hour: the form must not become a way to
// flood someone's inbox.
const MAILS_PER_HOUR = 3;

const requestSchema = z.object({ email: z.string().trim().toLowerCase().min(1, 'Enter your email address').max(254).pipe(z.email('Enter a valid email address')) });

export type ResetRequestResult = { ok: true } | { ok: false; errors: FieldErrors };

/**
 * Mails a password reset link (valid 1 hour, single use) if the email has an account. The
 * answer is the same either way, and so is the work done before it: one lookup and one count
 * of the address's mails; issuing the token and sending the mail are deferred (the route
 * passes Next's `after`), so the answer's timing does not tell who has an account either.
 * Without `defer` the mail goes out before returning.
 */
export async function requestPasswordReset(input: unknown, origin: string, defer?: (task: () => Promise<void>) => void): Promise<ResetRequestResult> {
  const parsed = requestSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const { email } = parsed.data;
  const { rows } = await getPool().query<{ id: string }>(`SELECT id FROM users WHERE email = $1 AND deleted_at IS NULL`, [email]);
  // Counted for unknown emails too: the same statement runs on both paths.
  const counter = createAttemptCounter(sharedAttemptStore(), 'reset-mail:');
  const overLimit = (await counter.hit(email, 60 * 60)).count > MAILS_PER_HOUR;
  const userId = rows[0]?.id;
  const task = async () => {
    if (!userId || overLimit) return;
    const token = await issueAccountToken(userId, 'password_reset', email);
    await sendMail({
      to: email,
      subject: 'Reset your Perch password',
      text: `Someone (hopefully you) asked to reset the password of your Perch account.\n\nChoose a new password here (the link works once, for 1 hour):\n${origin}/reset-password?token=${token}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
    });
  };
  if (defer) {
    defer(() =>
      task().catch((error: unknown) => {
        log.error({ err: error }, `the reset mail failed: ${(error as Error).message}`);
      }),
    );
  } else {
    await task();
  }
  return { ok: true };
}

const resetSchema = z.object({ token: z.string().min(1).max(100), password: newPasswordSchema });

export type ResetResult = { ok: true } | { ok: false; errors: FieldErrors };

/** Sets a new password from a reset link; every session of the account ends. */
export async function resetPassword(input: unknown): Promise<ResetResult> {
  const parsed = resetSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const owner = await consumeAccountToken(parsed.data.token, 'password_reset');
  if (!owner) return { ok: false, errors: { form: 'This reset link has expired or was already used: ask for a new one' } };
  await setPassword(owner.userId, parsed.data.password, null);
  // The link reached the mailbox, which is what verifying the address proves.
  await getPool().query(`UPDATE users SET email_verified = coalesce(email_verified, now()) WHERE id = $1 AND email = $2`, [owner.userId, owner.email]);
  return { ok: true };
}

import { componentLogger } from '@/lib/observability/logger';
import crypto from 'node:crypto';
import { z } from 'zod';
import { fieldErrors, type FieldErrors } from '@/lib/dashboard/field-errors';
import { getPool } from '@/lib/db/pool';
import { sendMail } from '@/lib/mail/send-mail';
import { createAttemptCounter } from './attempt-counter';
import { MIN_PASSWORD_LENGTH, hashPassword } from './password';
import { describeWait, sharedAttemptStore } from './sign-in-limiter';
import { sharedSignUpLimiter, type SignUpLimiter } from './sign-up-limiter';

const log = componentLogger('signup');

export const signUpSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Enter your email address').max(254, 'That email address is too long').pipe(z.email('Enter a valid email address')),
  password: z.string().min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`).max(256, 'Use at most 256 characters'),
});

/** How long a sign-up link works. */
export const SIGN_UP_TTL_SECONDS = 24 * 60 * 60;
// At most this many sign-up mails (links or "you already have an account") per address per
// hour: the form must not become a way to flood someone's inbox.
const MAILS_PER_HOUR = 3;

/** What the form shows after every accepted sign-up, whether or not the email had an account. */
export function signUpSentMessage(email: string): string {
  return `Check your email: we sent a message to ${email}. Open the link in it to finish signing up (it works for 24 hours).`;
}

export type SignUpResult = { ok: true; email: string; message: string } | { ok: false; errors: FieldErrors };

export type SignUpContext = {
  /** The client's address: with it, at most PERCH_SIGNUP_LIMIT_PER_HOUR sign-ups per address per hour. */
  ip?: string;
  limiter?: SignUpLimiter;
  /** The dashboard's public origin, for the link in the mail. */
  origin?: string;
  /** A same-site path the finished sign-up goes to (an invitation's link), instead of the dashboard. */
  returnTo?: string;
  /**
   * Runs the mail work after the answer (the server action passes Next's `after`), so that
   * the answer's timing cannot depend on it. Without it the work runs before returning.
   */
  defer?: (task: () => Promise<void>) => void;
  /** The password hash function (argon2id); replaceable to observe that every path hashes. */
  hash?: (password: string) => Promise<string>;
};

/**
 * Starts a sign-up, answering alike whether or not the email has an account: the answer path
 * validates, limits by address and hashes the password (argon2id, the expensive part) in
 * both cases, and reads nothing about the email. Then, deferred: a new address gets a link
 * that creates the account (finish-sign-up.ts), an address with an account gets a note to
 * sign in or reset the password instead.
 */
export async function signUp(input: { email?: unknown; password?: unknown }, context: SignUpContext = {}): Promise<SignUpResult> {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const limiter = context.ip ? (context.limiter ?? sharedSignUpLimiter('signup')) : null;
  const wait = context.ip && limiter ? await limiter.check(context.ip) : null;
  if (wait !== null) return { ok: false, errors: { form: `Too many sign-ups from this address. Try again in ${describeWait(wait)}.` } };
  const { email, password } = parsed.data;
  const passwordHash = await (context.hash ?? hashPassword)(password);
  if (context.ip && limiter) await limiter.record(context.ip);
  const origin = context.origin ?? 'http://localhost:3000';
  const task = () => mailSignUp(email, passwordHash, origin, context.returnTo);
  if (context.defer) {
    context.defer(() =>
      task().catch((error: unknown) => {
        log.error({ err: error }, `the sign-up mail to ${email} failed: ${(error as Error).message}`);
      }),
    );
  } else {
    await task();
  }
  return { ok: true, email, message: signUpSentMessage(email) };
}

function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** The mail a sign-up sends: the link for a new address, a note for an address that has an account. */
async function mailSignUp(email: string, passwordHash: string, origin: string, returnTo?: string): Promise<void> {
  const counter = createAttemptCounter(sharedAttemptStore(), 'signup-mail:');
  if ((await counter.hit(email, 60 * 60)).count > MAILS_PER_HOUR) return;
  const pool = getPool();
  // Expired requests go with each new one, so the table stays the size of the pending ones.
  await pool.query(`DELETE FROM signup_requests WHERE expires_at < now() - interval '1 day'`);
  const { rows } = await pool.query(`SELECT 1 FROM users WHERE email = $1 AND deleted_at IS NULL`, [email]);
  if (rows.length > 0) {
    await sendMail({
      to: email,
      subject: 'Someone tried to sign up for Perch with your address',
      text:
        `Someone (hopefully you) tried to create a Perch account with this address, which already has one. No new account was created.\n\n` +
        `Sign in here: ${origin}/signin\nForgot your password? Choose a new one here: ${origin}/forgot-password\n\n` +
        `If it was not you, ignore this mail: nothing changed.`,
    });
    return;
  }
  const token = crypto.randomBytes(32).toString('base64url');
  await pool.query(`INSERT INTO signup_requests (email, password_hash, token_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`, [
    email,
    passwordHash,
    hashToken(token),
    SIGN_UP_TTL_SECONDS,
  ]);
  await sendMail({
    to: email,
    subject: 'Finish signing up for Perch',
    text: `Open this link to create your Perch account (it works once, for 24 hours):\n${origin}/signup/finish?${returnTo ? `callbackUrl=${encodeURIComponent(returnTo)}&` : ''}token=${token}\n\nIf you did not sign up for Perch, ignore this mail: no account is created.`,
  });
}

/** The pending sign-up a link's token names, if it is unused and unexpired. */
export async function pendingSignUp(token: string): Promise<{ id: string; email: string; passwordHash: string } | null> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 100) return null;
  const { rows } = await getPool().query<{ id: string; email: string; password_hash: string }>(
    `SELECT id::text, email, password_hash FROM signup_requests WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
    [hashToken(token)],
  );
  return rows[0] ? { id: rows[0].id, email: rows[0].email, passwordHash: rows[0].password_hash } : null;
}

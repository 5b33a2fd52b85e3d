import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, hashPassword } from '@/lib/auth/password';
import { describeWait } from '@/lib/auth/sign-in-limiter';
import { sharedSignUpLimiter, type SignUpLimiter } from '@/lib/auth/sign-up-limiter';
import { getPool } from '@/lib/db/pool';
import { unstorableReason } from '@/lib/db/unstorable-text';
import { fieldErrors, type FieldErrors } from '@/lib/dashboard/field-errors';
import { nextSnowflake } from '@/lib/platform/snowflake';

export const platformSignUpSchema = z.object({
  username: z
    .string()
    .trim()
    .transform((value) => value.replace(/^@/, ''))
    .pipe(z.string().min(1, 'Choose a username').regex(/^[A-Za-z0-9_]{1,15}$/, 'Use 1 to 15 letters, digits or _')),
  name: z
    .string()
    .trim()
    .min(1, 'Enter a display name')
    .max(50, 'Use at most 50 characters')
    // PostgreSQL text cannot hold NUL: refused here rather than failing the INSERT.
    .refine((value) => unstorableReason(value) === null, 'Remove the NUL or invalid characters'),
  password: z.string().min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`).max(256, 'Use at most 256 characters'),
});

export type PlatformSignUpResult = { ok: true; userId: string; username: string } | { ok: false; errors: FieldErrors };

/**
 * Creates a platform account that can sign in on the authorize screen (argon2id password).
 * Seeded and fixture users have no password, so nobody can sign in as them.
 */
export async function createPlatformAccount(
  input: { username?: unknown; name?: unknown; password?: unknown },
  from?: { ip: string; limiter?: SignUpLimiter },
): Promise<PlatformSignUpResult> {
  const parsed = platformSignUpSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  // Like the dashboard's: at most PERCH_SIGNUP_LIMIT_PER_HOUR new accounts per address per hour.
  const limiter = from ? (from.limiter ?? sharedSignUpLimiter('platform-signup')) : null;
  const wait = from && limiter ? await limiter.check(from.ip) : null;
  if (wait !== null) return { ok: false, errors: { form: `Too many accounts were created from this address. Try again in ${describeWait(wait)}.` } };
  const { username, name, password } = parsed.data;
  const id = nextSnowflake();
  // The unique index on lower(username) decides between concurrent sign-ups of one name.
  const { rowCount } = await getPool().query({
    name: 'platform-sign-up',
    text: `INSERT INTO platform.users (id, username, name, created_at, password_hash) VALUES ($1, $2, $3, now(), $4)
           ON CONFLICT ((lower(username))) DO NOTHING`,
    values: [id, username, name, await hashPassword(password)],
  });
  if (rowCount !== 1) return { ok: false, errors: { username: 'That username is taken' } };
  if (from && limiter) await limiter.record(from.ip);
  return { ok: true, userId: id, username };
}

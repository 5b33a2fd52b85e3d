import { z } from 'zod';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { createSignInLimiter, describeWait, sharedAttemptStore, type SignInLimiter } from '@/lib/auth/sign-in-limiter';
import { getPool } from '@/lib/db/pool';

const signInSchema = z.object({
  username: z
    .string()
    .trim()
    .transform((value) => value.replace(/^@/, ''))
    .pipe(z.string().min(1, 'Enter your username').max(15, 'Usernames have at most 15 characters')),
  password: z.string().min(1, 'Enter your password').max(256, 'Use at most 256 characters'),
});

export type PlatformUser = { id: string; username: string; name: string };

export type PlatformSignInResult = { ok: true; user: PlatformUser } | { ok: false; errors: Record<string, string> };

const globalForLimiter = globalThis as typeof globalThis & { perchPlatformSignInLimiter?: SignInLimiter };

/** The platform's own failed-sign-in limiter: the dashboard's policy, its own counters. */
function platformSignInLimiter(): SignInLimiter {
  globalForLimiter.perchPlatformSignInLimiter ??= createSignInLimiter({ store: sharedAttemptStore(), keyPrefix: 'platform-signin:' });
  return globalForLimiter.perchPlatformSignInLimiter;
}

let dummyHash: Promise<string> | undefined;

/** Checks a platform username and password (argon2id), with the same attempt limits as the dashboard's sign-in. */
export async function verifyPlatformCredentials(input: { username?: unknown; password?: unknown }, ip: string, limiter: SignInLimiter = platformSignInLimiter()): Promise<PlatformSignInResult> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, errors: { [issue.path[0] === 'password' ? 'password' : 'username']: issue.message } };
  }
  const { username, password } = parsed.data;
  const verdict = await limiter.check(username, ip);
  if (verdict.blocked) return { ok: false, errors: { form: `Too many failed sign-in attempts from this address. Try again in ${describeWait(verdict.retryAfterSeconds)}.` } };
  if (verdict.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, verdict.delayMs));
  const { rows } = await getPool().query<PlatformUser & { password_hash: string | null }>({
    name: 'platform-sign-in',
    text: 'SELECT id::text, username, name, password_hash FROM platform.users WHERE lower(username) = lower($1)',
    values: [username],
  });
  const user = rows[0];
  // Hash even for an unknown user, so timing does not tell which usernames can sign in.
  dummyHash ??= hashPassword('perch-platform-timing-equalizer');
  const matches = await verifyPassword(user?.password_hash ?? (await dummyHash), password);
  if (!user?.password_hash || !matches) {
    await limiter.recordFailure(username, ip);
    return { ok: false, errors: { form: 'Username or password is incorrect.' } };
  }
  await limiter.recordSuccess(username, ip);
  return { ok: true, user: { id: user.id, username: user.username, name: user.name } };
}

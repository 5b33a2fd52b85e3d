import { verifySecondFactor } from '@/lib/account/two-factor';
import { recordSignInQuietly } from '@/lib/audit/record-sign-in';
import { getPrisma } from '@/lib/db/prisma';
import { hashPassword, verifyPassword } from './password';
import { encodeSignInProblem, type SignInProblem } from './sign-in-error';
import { describeWait, sharedSignInLimiter, type SignInLimiter } from './sign-in-limiter';
import { signInSchema } from './sign-in-schema';

export type SignedInUser = { id: string; email: string; name: string | null };

/** A refused sign-in; its message is what next-auth passes back to the form. */
export class SignInRefusedError extends Error {
  constructor(readonly problem: SignInProblem) {
    super(encodeSignInProblem(problem));
    this.name = 'SignInRefusedError';
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks an email and password against the account's argon2id hash, throttling the address
 * that keeps failing (see sign-in-limiter.ts); throws SignInRefusedError otherwise.
 */
export async function verifyCredentials(input: { email?: unknown; password?: unknown; code?: unknown }, ip: string, limiter: SignInLimiter = sharedSignInLimiter()): Promise<SignedInUser> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path[0] === 'password' || issue.path[0] === 'code' ? issue.path[0] : 'email';
    throw new SignInRefusedError({ field, message: issue.message });
  }
  const { email, password, code } = parsed.data;
  const verdict = await limiter.check(email, ip);
  if (verdict.blocked) {
    throw new SignInRefusedError({ message: `Too many failed sign-in attempts from this address. Try again in ${describeWait(verdict.retryAfterSeconds)}.` });
  }
  if (verdict.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, verdict.delayMs));
  const user = await getPrisma().user.findUnique({ where: { email }, select: { id: true, email: true, name: true, passwordHash: true, totpEnabledAt: true } });
  // Hash something even for an unknown email, so the answer's timing does not tell which emails exist.
  dummyHash ??= hashPassword('perch-timing-equalizer');
  const matches = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
  if (!user?.passwordHash || !matches) {
    await limiter.recordFailure(email, ip);
    // Into the audit log of each of the person's workspaces; an unknown email has none.
    if (user) void recordSignInQuietly(user, ip, { ok: false, method: 'password', reason: 'wrong_password' });
    throw new SignInRefusedError({ message: 'Email or password is incorrect.' });
  }
  if (user.totpEnabledAt) {
    // The password was right: ask for the second factor without counting a failure.
    if (!code) throw new SignInRefusedError({ field: 'code', message: 'Enter the 6-digit code from your authenticator app (or a recovery code)' });
    const verdict = await verifySecondFactor(user.id, code);
    if (!verdict.ok) {
      // Guessing codes is throttled like guessing passwords, per address here and per account
      // in verifySecondFactor (a lock after TOTP_MAX_FAILURES wrong codes from anywhere).
      await limiter.recordFailure(email, ip);
      void recordSignInQuietly(user, ip, { ok: false, method: 'password', reason: 'wrong_code' });
      if (verdict.locked) {
        throw new SignInRefusedError({
          field: 'code',
          message: `Too many wrong codes: authenticator codes for this account are refused for ${describeWait(verdict.retryAfterSeconds)}. Use a recovery code, or try again then.`,
        });
      }
      throw new SignInRefusedError({ field: 'code', message: 'That code is not right, or was already used' });
    }
  }
  await limiter.recordSuccess(email, ip);
  await recordSignInQuietly(user, ip, { ok: true, method: user.totpEnabledAt ? 'password_and_code' : 'password' });
  return { id: user.id, email: user.email, name: user.name };
}

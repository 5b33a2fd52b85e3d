import { describe, expect, it } from 'vitest';
import { requestPasswordReset } from '@/lib/account/password-reset';
import { base32Decode, totpCode } from '@/lib/account/totp';
import { TOTP_LOCK_SECONDS, TOTP_MAX_FAILURES, confirmTotpEnrolment, startTotpEnrolment } from '@/lib/account/two-factor';
import { createAccount } from '@/lib/admin/create-account';
import { finishSignUp } from '@/lib/auth/finish-sign-up';
import { hashPassword } from '@/lib/auth/password';
import { createSignInLimiter } from '@/lib/auth/sign-in-limiter';
import { createSignUpLimiter } from '@/lib/auth/sign-up-limiter';
import { signUp, signUpSentMessage } from '@/lib/auth/sign-up';
import { verifyCredentials } from '@/lib/auth/verify-credentials';
import { getPool } from '@/lib/db/pool';
import { finishSignUpFromMail, mailsTo } from '../support/outbox';
import { refusal } from '../support/sign-in-refusal';

// Issue 26, point 6. Sign-up and password reset answer alike for known and unknown emails and
// run the same work before answering (the differing work is deferred past the answer), and
// the second factor is limited per account: 10 wrong codes from any number of addresses lock
// it for 15 minutes, the owner is mailed, and even the right code is refused until it ends.

const PASSWORD = 'correct horse battery';
const ORIGIN = 'https://perch.example';
let counter = 0;
const email = (label: string) => `${label}-${process.pid}-${Date.now()}-${counter++}@security.test`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** The answer with its email replaced, to compare the answers for two addresses. */
const anonymous = (answer: unknown, address: string) => JSON.parse(JSON.stringify(answer).replaceAll(address, '<email>'));

async function pendingRows(address: string): Promise<Array<{ password_hash: string }>> {
  return (await getPool().query<{ password_hash: string }>('SELECT password_hash FROM signup_requests WHERE email = $1', [address])).rows;
}

describe('sign-up tells nobody who has an account', () => {
  it('answers a known and an unknown email identically, hashing the password in both, and only the deferred mail differs', async () => {
    const known = email('known');
    await createAccount({ email: known, password: PASSWORD, credits: 0 });
    const unknown = email('unknown');
    const hashed: string[] = [];
    const hash = async (password: string) => {
      hashed.push(password);
      return hashPassword(password);
    };
    const tasks: Array<() => Promise<void>> = [];
    const limiter = createSignUpLimiter({ store: { kind: 'postgres', pool: getPool() }, keyPrefix: `enum-${email('l')}:`, perHour: 100 });
    const context = { limiter, origin: ORIGIN, hash, defer: (task: () => Promise<void>) => void tasks.push(task) };

    const forKnown = await signUp({ email: known, password: 'a different password' }, { ...context, ip: '10.20.0.1' });
    const forUnknown = await signUp({ email: unknown, password: 'a different password' }, { ...context, ip: '10.20.0.2' });
    expect(forKnown).toEqual({ ok: true, email: known, message: signUpSentMessage(known) });
    expect(anonymous(forKnown, known)).toEqual(anonymous(forUnknown, unknown));
    // The same path ran: both hashed (argon2id, the expensive part) and both deferred one task.
    expect(hashed).toEqual(['a different password', 'a different password']);
    expect(tasks).toHaveLength(2);
    // Nothing about either email was read or written before answering.
    expect(await mailsTo(known)).toEqual([]);
    expect(await mailsTo(unknown)).toEqual([]);
    expect(await pendingRows(unknown)).toEqual([]);

    for (const task of tasks) await task();
    expect((await mailsTo(known)).map((m) => m.subject)).toEqual(['Someone tried to sign up for Perch with your address']);
    expect((await mailsTo(known))[0].text).toContain(`${ORIGIN}/forgot-password`);
    expect(await pendingRows(known)).toEqual([]);
    const [link] = await mailsTo(unknown);
    expect(link.subject).toBe('Finish signing up for Perch');
    expect(link.text).toContain(`${ORIGIN}/signup/finish?token=${link.token}`);
    expect(await pendingRows(unknown)).toEqual([{ password_hash: expect.stringMatching(/^\$argon2id\$/) }]);
    // The known account keeps its password; the unknown email has no account until the link is used.
    const signInLimiter = createSignInLimiter({ store: { kind: 'memory' }, keyPrefix: `enum-${counter++}:` });
    expect((await verifyCredentials({ email: known, password: PASSWORD }, '10.20.0.3', signInLimiter)).email).toBe(known);
    expect(await refusal(verifyCredentials({ email: unknown, password: 'a different password' }, '10.20.0.3', signInLimiter))).toEqual({ message: 'Email or password is incorrect.' });
  });

  it('answers in comparable time for known and unknown emails (medians logged, not asserted)', async () => {
    const known = email('timed-known');
    await createAccount({ email: known, password: PASSWORD, credits: 0 });
    const times = { known: [] as number[], unknown: [] as number[] };
    const defer = () => undefined;
    for (let i = 0; i < 9; i++) {
      for (const kind of ['known', 'unknown'] as const) {
        const started = performance.now();
        await signUp({ email: kind === 'known' ? known : email('timed-unknown'), password: PASSWORD }, { origin: ORIGIN, defer });
        times[kind].push(performance.now() - started);
      }
    }
    console.log(`[sign-up] median answer: known ${median(times.known).toFixed(1)} ms, unknown ${median(times.unknown).toFixed(1)} ms`);
    expect(times.known).toHaveLength(9);
  });

  it('the link creates the account once, with the password chosen at sign-up typed again', async () => {
    const address = email('finish');
    await signUp({ email: address, password: PASSWORD }, { origin: ORIGIN });
    const [mail] = await mailsTo(address);
    expect(await finishSignUp({ token: mail.token, password: 'not the password' })).toEqual({ ok: false, errors: { password: 'That is not the password you chose when signing up' } });
    expect((await getPool().query('SELECT 1 FROM users WHERE email = $1', [address])).rows).toEqual([]);
    expect(await finishSignUp({ token: 'x'.repeat(43), password: PASSWORD })).toEqual({ ok: false, errors: { form: expect.stringMatching(/expired or was already used/) } });
    expect(await finishSignUp({ token: mail.token, password: PASSWORD })).toEqual({ ok: true, email: address });
    expect(await finishSignUp({ token: mail.token, password: PASSWORD })).toEqual({ ok: false, errors: { form: expect.stringMatching(/expired or was already used/) } });
    const { rows } = await getPool().query('SELECT email_verified IS NOT NULL AS verified FROM users WHERE email = $1', [address]);
    expect(rows).toEqual([{ verified: true }]);
  });

  it('of two sign-ups for one address, only the link opened first makes an account (a squatter cannot keep the owner out)', async () => {
    const address = email('squat');
    await signUp({ email: address, password: 'the squatter password' }, { origin: ORIGIN });
    await signUp({ email: address, password: PASSWORD }, { origin: ORIGIN });
    const [squatter, owner] = await mailsTo(address);
    // Both links reach only the mailbox's owner, who knows only their own password.
    expect(await finishSignUp({ token: squatter.token, password: PASSWORD })).toMatchObject({ ok: false, errors: { password: expect.any(String) } });
    expect(await finishSignUp({ token: owner.token, password: PASSWORD })).toEqual({ ok: true, email: address });
    expect(await finishSignUp({ token: squatter.token, password: 'the squatter password' })).toEqual({ ok: false, errors: { form: expect.stringMatching(/has an account already/) } });
  });

  it('sends at most 3 sign-up mails per address per hour', async () => {
    const address = email('flood');
    for (let i = 0; i < 5; i++) expect((await signUp({ email: address, password: PASSWORD }, { origin: ORIGIN })).ok).toBe(true);
    expect(await mailsTo(address)).toHaveLength(3);
  });
});

describe('password reset tells nobody who has an account', () => {
  it('answers alike, runs the same statements before answering, and defers the token and the mail', async () => {
    const known = email('reset-known');
    await createAccount({ email: known, password: PASSWORD, credits: 0 });
    const unknown = email('reset-unknown');
    const tasks: Array<() => Promise<void>> = [];
    const defer = (task: () => Promise<void>) => void tasks.push(task);
    expect(await requestPasswordReset({ email: known }, ORIGIN, defer)).toEqual({ ok: true });
    expect(await requestPasswordReset({ email: unknown }, ORIGIN, defer)).toEqual({ ok: true });
    expect(tasks).toHaveLength(2);
    // Before the deferred work runs, the known account has neither a token nor a mail.
    const tokens = async () => (await getPool().query(`SELECT 1 FROM account_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = $1`, [known])).rows.length;
    expect(await tokens()).toBe(0);
    expect(await mailsTo(known)).toEqual([]);
    for (const task of tasks) await task();
    expect(await tokens()).toBe(1);
    expect((await mailsTo(known)).map((m) => m.subject)).toEqual(['Reset your Perch password']);
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it('answers in comparable time for known and unknown emails (medians logged, not asserted)', async () => {
    const known = email('reset-timed');
    await createAccount({ email: known, password: PASSWORD, credits: 0 });
    const times = { known: [] as number[], unknown: [] as number[] };
    const defer = () => undefined;
    for (let i = 0; i < 15; i++) {
      for (const kind of ['known', 'unknown'] as const) {
        const started = performance.now();
        await requestPasswordReset({ email: kind === 'known' ? known : email('reset-timed-unknown') }, ORIGIN, defer);
        times[kind].push(performance.now() - started);
      }
    }
    console.log(`[reset] median answer: known ${median(times.known).toFixed(1)} ms, unknown ${median(times.unknown).toFixed(1)} ms`);
    expect(times.unknown).toHaveLength(15);
  });
});

describe('second-factor codes are limited per account', () => {
  async function enrolled(label: string) {
    const address = email(label);
    const { id } = await createAccount({ email: address, password: PASSWORD, credits: 0 });
    const enrolment = await startTotpEnrolment(id);
    const secret = base32Decode(enrolment!.secret);
    const codes = await confirmTotpEnrolment(id, totpCode(secret));
    expect(codes).toHaveLength(10);
    // Later codes may fall in the enrolment's time step: forget it, as if a minute had passed.
    await getPool().query('UPDATE users SET totp_last_step = NULL WHERE id = $1', [id]);
    return { id, address, secret, recoveryCodes: codes! };
  }

  /** Codes no authenticator shows now (none of the three steps accepted). */
  function wrongCodes(secret: Buffer, count: number): string[] {
    const valid = new Set([-30_000, 0, 30_000].map((offset) => totpCode(secret, Date.now() + offset)));
    const out: string[] = [];
    for (let n = 0; out.length < count; n++) {
      const code = String(n * 7919).padStart(6, '0').slice(-6);
      if (!valid.has(code) && !out.includes(code)) out.push(code);
    }
    return out;
  }

  // Per address the limiter lets each of these addresses try; the account-wide delay is off so the test is quick.
  const limiter = () => createSignInLimiter({ store: { kind: 'memory' }, keyPrefix: `totp-${counter++}:`, policy: { accountDelayMs: 0 } });
  const LOCKED = /^Too many wrong codes: authenticator codes for this account are refused for (15|14) minutes\. Use a recovery code, or try again then\.$/;

  it('locks after 10 wrong codes from 40 addresses at once, refuses the right code, mails the owner once, and unlocks when the lock ends', async () => {
    expect([TOTP_MAX_FAILURES, TOTP_LOCK_SECONDS]).toEqual([10, 15 * 60]);
    const { id, address, secret } = await enrolled('lock');
    const l = limiter();
    // 40 addresses, 2 wrong codes each, all at once: 80 guesses.
    const guesses = wrongCodes(secret, 80);
    const problems = await Promise.all(guesses.map((code, i) => refusal(verifyCredentials({ email: address, password: PASSWORD, code }, `10.40.${i % 40}.1`, l))));
    const checked = problems.filter((p) => p.message === 'That code is not right, or was already used');
    const locked = problems.filter((p) => LOCKED.test(p.message));
    expect(checked).toHaveLength(TOTP_MAX_FAILURES);
    expect(locked).toHaveLength(guesses.length - TOTP_MAX_FAILURES);
    expect(problems.every((p) => p.field === 'code')).toBe(true);

    // The right code, from an address that never failed, is refused while the lock holds.
    const right = totpCode(secret);
    expect(await refusal(verifyCredentials({ email: address, password: PASSWORD, code: right }, '10.41.0.1', l))).toEqual({ field: 'code', message: expect.stringMatching(LOCKED) });
    const { rows } = await getPool().query<{ failures: number; seconds: number }>(
      `SELECT totp_failed_attempts AS failures, extract(epoch FROM totp_locked_until - now())::int AS seconds FROM users WHERE id = $1`,
      [id],
    );
    expect(rows[0].failures).toBe(0);
    expect(rows[0].seconds).toBeGreaterThan(TOTP_LOCK_SECONDS - 60);
    expect(rows[0].seconds).toBeLessThanOrEqual(TOTP_LOCK_SECONDS);

    const mails = await mailsTo(address);
    expect(mails.map((m) => m.subject)).toEqual(['Two-factor sign-in to your Perch account is locked']);
    expect(mails[0].text).toMatch(/10 wrong authentication codes.*next 15 minutes/s);

    // The lock ends (its stored time passes): the right code works again.
    await getPool().query(`UPDATE users SET totp_locked_until = now() - interval '1 second' WHERE id = $1`, [id]);
    expect((await verifyCredentials({ email: address, password: PASSWORD, code: totpCode(secret) }, '10.41.0.1', l)).id).toBe(id);
  });

  it('a recovery code still works while the lock holds, and a right code starts the count over', async () => {
    const { id, address, secret, recoveryCodes } = await enrolled('recovery');
    const l = limiter();
    // Nine wrong, one right: the count starts over, so nine more do not lock, and the tenth in a row does.
    const guesses = wrongCodes(secret, 9 + 9 + 1);
    const from = (i: number) => `10.42.${i}.1`;
    for (const [i, code] of guesses.slice(0, 9).entries()) await refusal(verifyCredentials({ email: address, password: PASSWORD, code }, from(i), l));
    expect((await verifyCredentials({ email: address, password: PASSWORD, code: totpCode(secret) }, from(100), l)).id).toBe(id);
    for (const [i, code] of guesses.slice(9, 18).entries()) {
      expect((await refusal(verifyCredentials({ email: address, password: PASSWORD, code }, from(20 + i), l))).message).toBe('That code is not right, or was already used');
    }
    expect((await refusal(verifyCredentials({ email: address, password: PASSWORD, code: guesses[18] }, from(40), l))).message).toBe('That code is not right, or was already used');
    expect((await refusal(verifyCredentials({ email: address, password: PASSWORD, code: '123456' }, from(41), l))).message).toMatch(LOCKED);
    expect((await mailsTo(address)).length).toBe(1);
    // Someone who knows the password cannot keep the owner out: a recovery code gets in.
    expect((await verifyCredentials({ email: address, password: PASSWORD, code: recoveryCodes[0] }, from(42), l)).id).toBe(id);
    const { rows } = await getPool().query('SELECT totp_locked_until IS NULL AS unlocked FROM users WHERE id = $1', [id]);
    expect(rows[0].unlocked).toBe(true);
  });
});

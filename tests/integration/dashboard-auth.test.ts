import { afterEach, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { adminGrant } from '@/lib/dashboard/admin-grant';
import { getPlatformFigures } from '@/lib/dashboard/get-platform-figures';
import { listAdminUsers } from '@/lib/dashboard/list-admin-users';
import { signUp, signUpSentMessage } from '@/lib/auth/sign-up';
import { createSignInLimiter } from '@/lib/auth/sign-in-limiter';
import { verifyCredentials } from '@/lib/auth/verify-credentials';
import { createAccount } from '@/lib/admin/create-account';
import { issueKey } from '@/lib/keys/issue-key';
import { finishSignUpFromMail, mailsTo } from '../support/outbox';
import { recordCall } from '../support/usage-fixtures';
import { refusal } from '../support/sign-in-refusal';

const PASSWORD = 'correct horse battery';
let counter = 0;
const email = (label: string) => `${label}-${process.pid}-${Date.now()}-${counter++}@auth.test`;

afterEach(() => {
  delete process.env.PERCH_SIGNUP_CREDITS;
});

describe('signUp', () => {
  it('creates the account from the mailed link with an argon2id hash, the address verified and the signup credits as a grant', async () => {
    const address = email('new');
    expect(await signUp({ email: `  ${address.toUpperCase()} `, password: PASSWORD })).toEqual({ ok: true, email: address, message: signUpSentMessage(address) });
    // Nothing exists before the link is used.
    expect((await getPool().query('SELECT 1 FROM users WHERE email = $1', [address])).rows).toEqual([]);
    await finishSignUpFromMail(address, PASSWORD);
    const { rows } = await getPool().query(
      `SELECT u.password_hash, u.email_verified IS NOT NULL AS verified, b.balance::int, g.amount::int, g.reason FROM users u JOIN credit_balances b ON b.user_id = u.id JOIN credit_grants g ON g.user_id = u.id WHERE u.email = $1`,
      [address],
    );
    expect(rows).toEqual([{ password_hash: expect.stringMatching(/^\$argon2id\$/), verified: true, balance: 100_000, amount: 100_000, reason: 'signup credits' }]);
  });

  it('grants PERCH_SIGNUP_CREDITS when set', async () => {
    process.env.PERCH_SIGNUP_CREDITS = '250';
    const address = email('env');
    await signUp({ email: address, password: PASSWORD });
    await finishSignUpFromMail(address, PASSWORD);
    const { rows } = await getPool().query('SELECT b.balance::int FROM users u JOIN credit_balances b ON b.user_id = u.id WHERE u.email = $1', [address]);
    expect(rows[0].balance).toBe(250);
  });

  it('explains each bad field, and answers an email that has an account as it answers a new one', async () => {
    expect(await signUp({})).toEqual({ ok: false, errors: { email: expect.any(String), password: expect.any(String) } });
    expect(await signUp({ email: 'nope', password: 'short' })).toEqual({ ok: false, errors: { email: 'Enter a valid email address', password: 'Use at least 10 characters' } });
    const address = email('dup');
    await signUp({ email: address, password: PASSWORD });
    await finishSignUpFromMail(address, PASSWORD);
    expect(await signUp({ email: address, password: PASSWORD })).toEqual({ ok: true, email: address, message: signUpSentMessage(address) });
    expect((await mailsTo(address)).at(-1)?.subject).toBe('Someone tried to sign up for Perch with your address');
  });
});

describe('verifyCredentials', () => {
  const limiter = () => createSignInLimiter({ store: { kind: 'memory' }, keyPrefix: `test-${counter++}` });

  it('signs in with the right password only', async () => {
    const address = email('login');
    const { id } = await createAccount({ email: address, password: PASSWORD, credits: 0 });
    const ip = '10.0.0.1';
    const signInLimiter = limiter();
    expect(await verifyCredentials({ email: address.toUpperCase(), password: PASSWORD }, ip, signInLimiter)).toEqual({ id, email: address, name: null });
    expect(await refusal(verifyCredentials({ email: address, password: 'wrong password' }, ip, signInLimiter))).toEqual({ message: 'Email or password is incorrect.' });
    expect(await refusal(verifyCredentials({ email: email('ghost'), password: PASSWORD }, ip, signInLimiter))).toEqual({ message: 'Email or password is incorrect.' });
    expect(await refusal(verifyCredentials({ email: 'bad', password: 'x' }, ip, signInLimiter))).toEqual({ field: 'email', message: 'Enter a valid email address' });
    expect(await refusal(verifyCredentials({ email: address, password: '' }, ip, signInLimiter))).toEqual({ field: 'password', message: 'Enter your password' });
  });

  it('throttles the address that keeps failing, not the owner on another address', async () => {
    const address = email('locked');
    await createAccount({ email: address, password: PASSWORD, credits: 0 });
    const signInLimiter = limiter();
    for (let i = 0; i < 5; i++) await refusal(verifyCredentials({ email: address, password: `wrong ${i}` }, '10.1.0.1', signInLimiter));
    const locked = await refusal(verifyCredentials({ email: address, password: PASSWORD }, '10.1.0.1', signInLimiter));
    expect(locked.message).toMatch(/^Too many failed sign-in attempts from this address\. Try again in \d+ seconds?\.$/);
    expect((await verifyCredentials({ email: address, password: PASSWORD }, '10.9.9.9', signInLimiter)).email).toBe(address);
  });

  it('forgets a pair’s failures after a successful sign-in', async () => {
    const address = email('reset');
    await createAccount({ email: address, password: PASSWORD, credits: 0 });
    const signInLimiter = limiter();
    for (let i = 0; i < 2; i++) await refusal(verifyCredentials({ email: address, password: 'nope nope' }, '10.3.0.1', signInLimiter));
    await verifyCredentials({ email: address, password: PASSWORD }, '10.3.0.1', signInLimiter);
    for (let i = 0; i < 2; i++) await refusal(verifyCredentials({ email: address, password: 'nope nope' }, '10.3.0.1', signInLimiter));
    expect((await verifyCredentials({ email: address, password: PASSWORD }, '10.3.0.1', signInLimiter)).email).toBe(address);
  });
});

describe('admin', () => {
  it('grants credits by email with a reason, or says which field is wrong', async () => {
    const address = email('grantee');
    const { id } = await createAccount({ email: address, password: PASSWORD, credits: 100 });
    expect(await adminGrant({ email: address.toUpperCase(), amount: '900', reason: 'goodwill' })).toEqual({ ok: true, email: address, amount: 900, balance: 1_000 });
    expect(await adminGrant({ email: 'nobody@auth.test', amount: 5, reason: 'x' })).toEqual({ ok: false, errors: { email: 'No account has this email' } });
    // A negative amount is a correction (admin-grant-correction.test.ts); it still needs its reason.
    expect(await adminGrant({ email: address, amount: '-3', reason: '' })).toEqual({ ok: false, errors: { reason: 'Say why the credits are granted' } });
    expect(await adminGrant({ email: address, amount: '1.5', reason: '' })).toEqual({
      ok: false,
      errors: { amount: 'Enter a whole number of credits (negative to take credits back)', reason: 'Say why the credits are granted' },
    });
    expect(await adminGrant({ email: address, amount: '0', reason: 'r' })).toEqual({ ok: false, errors: { amount: 'Grant at least 1 credit, or take back at least 1 with a negative number' } });
    const { rows } = await getPool().query('SELECT amount::int, reason FROM credit_grants WHERE user_id = $1 ORDER BY id', [id]);
    expect(rows).toEqual([
      { amount: 100, reason: 'signup credits' },
      { amount: 900, reason: 'goodwill' },
    ]);
  });

  it('lists accounts with balance, spend and keys; ADMIN_EMAILS makes admins', async () => {
    const address = email('listed');
    const { id } = await createAccount({ email: address, password: PASSWORD, credits: 1_000 });
    const { id: keyId } = await issueKey({ userId: id, name: 'k', scopes: ['read'] });
    await recordCall(id, keyId, { operation: 'getUser', tag: 'Users', credits: 18 });
    process.env.ADMIN_EMAILS = `someone@else.test, ${address.toUpperCase()}`;
    try {
      const { users, total } = await listAdminUsers(1_000);
      expect(total).toBeGreaterThanOrEqual(users.length);
      expect(users.find((u) => u.id === id)).toMatchObject({ email: address, isAdmin: true, balance: 982, spentTotal: 18, spent30d: 18, calls30d: 1, activeKeys: 1 });
    } finally {
      delete process.env.ADMIN_EMAILS;
    }
    expect((await listAdminUsers(1_000)).users.find((u) => u.id === id)?.isAdmin).toBe(false);
  });

  it('counts the platform’s rows and reports the live simulator as configured', async () => {
    const figures = await getPlatformFigures({ PERCH_LIVE: '0' });
    expect(figures.counts.map((c) => c.table)).toEqual(['users', 'tweets', 'follows', 'likes']);
    const { rows } = await getPool().query<{ n: number }>('SELECT count(*)::int AS n FROM platform.users');
    expect(figures.counts[0]).toEqual({ table: 'users', rows: rows[0].n, estimated: false });
    expect(figures.live).toEqual({ enabled: false, ratePerSecond: 5 });
    expect((await getPlatformFigures({ PERCH_LIVE_RATE: '12' })).live).toEqual({ enabled: true, ratePerSecond: 12 });
  });
});

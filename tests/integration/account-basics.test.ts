import crypto from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeAccountToken, issueAccountToken } from '@/lib/account/account-tokens';
import { sendVerificationMail, verifyEmail } from '@/lib/account/email-verification';
import { requestPasswordReset, resetPassword } from '@/lib/account/password-reset';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totpCode } from '@/lib/account/totp';
import { confirmTotpEnrolment, disableTwoFactor, startTotpEnrolment } from '@/lib/account/two-factor';
import { createAccount } from '@/lib/admin/create-account';
import { startDashboardSession, isDashboardSessionLive } from '@/lib/auth/dashboard-sessions';
import { createSignInLimiter } from '@/lib/auth/sign-in-limiter';
import { verifyCredentials } from '@/lib/auth/verify-credentials';
import { getPool } from '@/lib/db/pool';
import { mailConfig } from '@/lib/mail/mail-config';
import { listOutbox, sendMail } from '@/lib/mail/send-mail';
import { freePort } from '@/lib/server/free-port';
import { refusal } from '../support/sign-in-refusal';

const PASSWORD = 'correct horse battery';
let counter = 0;
const email = (label: string) => `${label}-${process.pid}-${Date.now()}-${counter++}@basics.test`;
const limiter = () => createSignInLimiter({ store: { kind: 'memory' }, keyPrefix: `basics-${counter++}:` });

/** The newest outbox mail to an address, and the token in its link. */
async function lastMailTo(address: string): Promise<{ subject: string; text: string; token: string | null }> {
  const mail = (await listOutbox(200)).find((m) => m.to === address);
  if (!mail) throw new Error(`no mail to ${address}`);
  return { subject: mail.subject, text: mail.text, token: /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? null };
}

describe('TOTP (RFC 6238 / RFC 4226)', () => {
  const rfcSecret = Buffer.from('12345678901234567890');

  it('matches the RFC test vectors', () => {
    expect([0, 1, 2, 9].map((c) => hotp(rfcSecret, c))).toEqual(['755224', '287082', '359152', '520489']);
    // RFC 6238 Appendix B (SHA-1), last six of the eight digits.
    expect(totpCode(rfcSecret, 59_000)).toBe('287082');
    expect(totpCode(rfcSecret, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(rfcSecret, 2_000_000_000_000)).toBe('279037');
  });

  it('encodes secrets in base32 and accepts a step of drift either way, no more', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw 6ytb oi').toString()).toBe('foobar');
    const at = 1_700_000_000_000;
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, at - 30_000), at)).not.toBeNull();
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, at + 30_000), at)).not.toBeNull();
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, at - 90_000), at)).toBeNull();
    expect(matchTotp(rfcSecret, 'abcdef', at)).toBeNull();
    expect(otpauthUri(rfcSecret, 'a@b.test')).toBe('otpauth://totp/Perch%3Aa%40b.test?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Perch&algorithm=SHA1&digits=6&period=30');
  });

  it('enrols with a confirming code, then sign-in needs a fresh code or a recovery code, each once', async () => {
    const address = email('totp');
    const { id } = await createAccount({ email: address, password: PASSWORD, credits: 0 });
    const enrolment = await startTotpEnrolment(id);
    expect(enrolment?.uri).toContain(`secret=${enrolment?.secret}`);
    expect(enrolment?.qrSvg).toMatch(/^<svg/);
    const secret = base32Decode(enrolment!.secret);
    const wrong = totpCode(secret) === '000000' ? '111111' : '000000';
    expect(await confirmTotpEnrolment(id, wrong)).toBeNull();
    // Codes are taken at the confirming moment, so a step boundary passing mid-test changes nothing.
    const confirmedAt = Date.now();
    const codes = await confirmTotpEnrolment(id, totpCode(secret, confirmedAt));
    expect(codes).toHaveLength(10);
    expect(await startTotpEnrolment(id)).toBeNull();

    const l = limiter();
    expect(await refusal(verifyCredentials({ email: address, password: PASSWORD }, '10.5.0.1', l))).toEqual({ field: 'code', message: expect.stringMatching(/6-digit code/) });
    // The code that confirmed enrolment was used already; the next step's code works once.
    expect((await refusal(verifyCredentials({ email: address, password: PASSWORD, code: totpCode(secret, confirmedAt) }, '10.5.0.1', l))).field).toBe('code');
    const next = totpCode(secret, confirmedAt + 30_000);
    expect((await verifyCredentials({ email: address, password: PASSWORD, code: next }, '10.5.0.1', l)).id).toBe(id);
    expect((await refusal(verifyCredentials({ email: address, password: PASSWORD, code: next }, '10.5.0.1', l))).field).toBe('code');
    // A wrong password never reaches the code question.
    expect((await refusal(verifyCredentials({ email: address, password: 'wrong password', code: next }, '10.5.0.2', l))).message).toBe('Email or password is incorrect.');
    expect((await verifyCredentials({ email: address, password: PASSWORD, code: codes![0].toUpperCase() }, '10.5.0.3', l)).id).toBe(id);
    expect((await refusal(verifyCredentials({ email: address, password: PASSWORD, code: codes![0] }, '10.5.0.3', l))).field).toBe('code');
    // The secret is stored sealed, never as the base32 the app got.
    const { rows } = await getPool().query('SELECT totp_secret_enc FROM users WHERE id = $1', [id]);
    expect(rows[0].totp_secret_enc).not.toContain(enrolment!.secret);

    expect(await disableTwoFactor(id, 'wrong password')).toBe(false);
    expect(await disableTwoFactor(id, PASSWORD)).toBe(true);
    expect((await verifyCredentials({ email: address, password: PASSWORD }, '10.5.0.4', l)).id).toBe(id);
  });
});

describe('account tokens', () => {
  it('are stored hashed, work once and expire', async () => {
    const address = email('tok');
    const { id } = await createAccount({ email: address, password: PASSWORD, credits: 0 });
    const token = await issueAccountToken(id, 'password_reset', address);
    const { rows } = await getPool().query<{ token_hash: string }>('SELECT token_hash FROM account_tokens WHERE user_id = $1', [id]);
    expect(rows).toEqual([{ token_hash: crypto.createHash('sha256').update(token).digest('hex') }]);
    expect(await consumeAccountToken(token, 'email_verification')).toBeNull();
    const [first, second] = await Promise.all([consumeAccountToken(token, 'password_reset'), consumeAccountToken(token, 'password_reset')]);
    expect([first, second].filter(Boolean)).toEqual([{ userId: id, email: address }]);
    const expiring = await issueAccountToken(id, 'password_reset', address);
    await getPool().query(`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND used_at IS NULL`, [id]);
    expect(await consumeAccountToken(expiring, 'password_reset')).toBeNull();
    // A newer link voids the older one.
    const older = await issueAccountToken(id, 'password_reset', address);
    const newer = await issueAccountToken(id, 'password_reset', address);
    expect(await consumeAccountToken(older, 'password_reset')).toBeNull();
    expect(await consumeAccountToken(newer, 'password_reset')).not.toBeNull();
  });
});

describe('password reset and email verification by mail', () => {
  it('mails a reset link (to the outbox without SMTP), sets the new password with it once and ends every session', async () => {
    const address = email('reset');
    const { id } = await createAccount({ email: address, password: PASSWORD, credits: 0 });
    const session = await startDashboardSession(id);
    expect(await requestPasswordReset({ email: address.toUpperCase() }, 'https://perch.example')).toEqual({ ok: true });
    const mail = await lastMailTo(address);
    expect(mail.subject).toBe('Reset your Perch password');
    expect(mail.text).toContain('https://perch.example/reset-password?token=');
    expect(await resetPassword({ token: mail.token, password: 'short' })).toEqual({ ok: false, errors: { password: 'Use at least 10 characters' } });
    expect(await resetPassword({ token: mail.token, password: 'a new password here' })).toEqual({ ok: true });
    expect(await resetPassword({ token: mail.token, password: 'another new password' })).toEqual({ ok: false, errors: { form: expect.stringMatching(/expired or was already used/) } });
    expect(await isDashboardSessionLive(session, id)).toBe(false);
    expect((await verifyCredentials({ email: address, password: 'a new password here' }, '10.6.0.1', limiter())).id).toBe(id);
    // An unknown email gets the same answer and no mail.
    const ghost = email('ghost');
    expect(await requestPasswordReset({ email: ghost }, 'https://perch.example')).toEqual({ ok: true });
    await expect(lastMailTo(ghost)).rejects.toThrow(/no mail/);
  });

  it('confirms an email address with its link, once', async () => {
    const address = email('verify');
    const { id } = await createAccount({ email: address, password: PASSWORD, credits: 0 });
    expect(await sendVerificationMail(id, 'http://localhost:3000')).toEqual({ sent: true });
    const { token, text } = await lastMailTo(address);
    expect(text).toContain('http://localhost:3000/verify-email?token=');
    expect(await verifyEmail(token!)).toBe(true);
    expect(await verifyEmail(token!)).toBe(false);
    const { rows } = await getPool().query('SELECT email_verified IS NOT NULL AS verified FROM users WHERE id = $1', [id]);
    expect(rows[0].verified).toBe(true);
    expect(await sendVerificationMail(id, 'http://localhost:3000')).toEqual({ sent: false });
  });
});

describe('SMTP delivery', () => {
  let server: SMTPServer;
  let port: number;
  const received: { from: string; to: string[]; data: string }[] = [];

  beforeAll(async () => {
    port = await freePort();
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onAuth: (auth, _session, callback) => callback(auth.username === 'mailer' && auth.password === 'secret' ? null : new Error('bad credentials'), { user: auth.username }),
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('reads SMTP_URL or SMTP_HOST/PORT/USER/PASS and MAIL_FROM', () => {
    expect(mailConfig({}).transport).toBeNull();
    expect(mailConfig({ SMTP_HOST: 'mx.test', SMTP_USER: 'u', SMTP_PASS: 'p', MAIL_FROM: 'Perch <p@x.test>' })).toEqual({
      transport: { host: 'mx.test', port: 587, secure: false, auth: { user: 'u', pass: 'p' } },
      from: 'Perch <p@x.test>',
    });
    expect(mailConfig({ SMTP_HOST: 'mx.test', SMTP_PORT: '465' }).transport).toMatchObject({ port: 465, secure: true });
    expect(() => mailConfig({ SMTP_HOST: 'mx.test', SMTP_PORT: 'x' })).toThrow(/SMTP_PORT/);
  });

  it('delivers through a real SMTP server with authentication, and the outbox keeps who and what but not the link', async () => {
    const to = email('smtp');
    const env = { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_USER: 'mailer', SMTP_PASS: 'secret', MAIL_FROM: 'Perch <perch@sender.test>' };
    expect(await sendMail({ to, subject: 'Hello over SMTP', text: 'link: https://x.test/?token=abc' }, env)).toEqual({ transport: 'smtp', error: null });
    const message = received.find((m) => m.to.includes(to));
    expect(message?.from).toBe('perch@sender.test');
    expect(message?.data).toContain('Subject: Hello over SMTP');
    expect(message?.data).toContain('token=abc');
    const stored = (await listOutbox(200)).find((m) => m.to === to);
    expect(stored).toMatchObject({ subject: 'Hello over SMTP', transport: 'smtp', error: null });
    expect(stored?.text).not.toContain('token=abc');
    // A refused login is recorded, not thrown.
    const refused = await sendMail({ to, subject: 'Wrong password', text: 'x' }, { ...env, SMTP_PASS: 'nope' });
    expect(refused.transport).toBe('smtp');
    expect(refused.error).toMatch(/auth|credentials|535/i);
  });
});

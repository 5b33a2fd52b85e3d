import crypto from 'node:crypto';
import QRCode from 'qrcode';
import { verifyPassword } from '@/lib/auth/password';
import { seal, unseal } from '@/lib/crypto/seal';
import { getPool } from '@/lib/db/pool';
import { sendMail } from '@/lib/mail/send-mail';
import { base32Encode, matchTotp, newTotpSecret, otpauthUri } from './totp';

/** How many recovery codes a set has. */
export const RECOVERY_CODE_COUNT = 10;

// The sealing context binds a sealed secret to its account: a copied column does not unseal elsewhere.
const secretContext = (userId: string) => `totp:${userId}`;

function hashRecoveryCode(code: string): string {
  return crypto.createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
}

export type Enrolment = { secret: string; uri: string; qrSvg: string };

/**
 * Starts TOTP enrolment: a new secret, stored sealed but not yet enabled, and what the
 * authenticator app needs (the otpauth URI as a QR code, and the secret to type in).
 * Null when two-factor sign-in is already on.
 */
export async function startTotpEnrolment(userId: string): Promise<Enrolment | null> {
  const { rows } = await getPool().query<{ email: string; enabled: boolean }>(`SELECT email, totp_enabled_at IS NOT NULL AS enabled FROM users WHERE id = $1 AND deleted_at IS NULL`, [userId]);
  if (!rows[0] || rows[0].enabled) return null;
  const secret = newTotpSecret();
  await getPool().query(`UPDATE users SET totp_secret_enc = $2, totp_last_step = NULL WHERE id = $1 AND totp_enabled_at IS NULL`, [userId, seal(secret.toString('base64'), secretContext(userId))]);
  const uri = otpauthUri(secret, rows[0].email);
  return { secret: base32Encode(secret), uri, qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 1 }) };
}

async function readSecret(userId: string): Promise<{ secret: Buffer; enabled: boolean; lastStep: number | null } | null> {
  const { rows } = await getPool().query<{ totp_secret_enc: string | null; enabled: boolean; totp_last_step: string | null }>(
    `SELECT totp_secret_enc, totp_enabled_at IS NOT NULL AS enabled, totp_last_step FROM users WHERE id = $1 AND deleted_at IS NULL`,
    [userId],
  );
  const row = rows[0];
  if (!row?.totp_secret_enc) return null;
  return { secret: Buffer.from(unseal(row.totp_secret_enc, secretContext(userId)), 'base64'), enabled: row.enabled, lastStep: row.totp_last_step === null ? null : Number(row.totp_last_step) };
}

/** Records a code's step as used, only if it is newer than the last one used: each code works once. */
async function claimStep(userId: string, step: number): Promise<boolean> {
  const { rowCount } = await getPool().query(`UPDATE users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)`, [userId, step]);
  return (rowCount ?? 0) > 0;
}

/**
 * Turns two-factor sign-in on once a code from the app confirms the pending secret; returns
 * the recovery codes (shown once, stored hashed), or null for a wrong code.
 */
export async function confirmTotpEnrolment(userId: string, code: string): Promise<string[] | null> {
  const pending = await readSecret(userId);
  if (!pending || pending.enabled) return null;
  const step = matchTotp(pending.secret, code);
  if (step === null || !(await claimStep(userId, step))) return null;
  const codes = await replaceRecoveryCodes(userId);
  await getPool().query(`UPDATE users SET totp_enabled_at = now() WHERE id = $1`, [userId]);
  return codes;
}

/** A new set of recovery codes for the account, replacing every earlier one (used or not); returned once, stored hashed. */
export async function replaceRecoveryCodes(userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = crypto.randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
  const hashes = codes.map(hashRecoveryCode);
  // One statement: the old set never outlives the new one, nor the other way round.
  await getPool().query(
    `WITH gone AS (DELETE FROM totp_recovery_codes WHERE user_id = $1)
     INSERT INTO totp_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])`,
    [userId, hashes],
  );
  return codes;
}

/** Whether an account has two-factor sign-in on. */
export async function hasTwoFactor(userId: string): Promise<boolean> {
  const { rows } = await getPool().query(`SELECT 1 FROM users WHERE id = $1 AND totp_enabled_at IS NOT NULL`, [userId]);
  return rows.length > 0;
}

/** Wrong codes in a row that lock the second factor, per account (from any number of addresses). */
export const TOTP_MAX_FAILURES = 10;
/** How long the second factor stays locked after that. */
export const TOTP_LOCK_SECONDS = 15 * 60;

export type SecondFactorVerdict = { ok: true } | { ok: false; locked: false } | { ok: false; locked: true; retryAfterSeconds: number };

const RECOVERY_CODE = /^[0-9a-f]{5}-?[0-9a-f]{5}$/i;

/** What a settings form (delete the account, new recovery codes) says of a code verifySecondFactor refused. */
export function refusedCodeMessage(verdict: Exclude<SecondFactorVerdict, { ok: true }>): string {
  return verdict.locked
    ? `Too many wrong codes: authenticator codes are refused for ${Math.ceil(verdict.retryAfterSeconds / 60)} more minutes (a recovery code still works)`
    : 'That code is not right (or was already used): enter the current one from your app';
}

/**
 * Checks the second factor at sign-in: a current authenticator code (not one already used)
 * or an unused recovery code, which is then spent.
 *
 * Wrong codes are counted per account in the database, so every instance and every client
 * address count together: after TOTP_MAX_FAILURES in a row, authenticator codes are refused
 * for TOTP_LOCK_SECONDS, the right one too, and the owner gets a mail. Each attempt is counted
 * before its code is checked, so concurrent guesses cannot slip past the limit. Recovery codes
 * (ten of 40 random bits each, hopeless to guess) still work while the lock holds: someone who
 * knows the password cannot keep the owner out by spending the lock.
 */
export async function verifySecondFactor(userId: string, code: string): Promise<SecondFactorVerdict> {
  const state = await readSecret(userId);
  if (!state?.enabled) return { ok: false, locked: false };
  const pool = getPool();
  const isRecoveryCode = RECOVERY_CODE.test(code.trim());
  // One statement takes the attempt: only while unlocked and under the limit, so forty
  // concurrent wrong codes from forty addresses check at most the limit's worth.
  const { rows: claimed } = await pool.query<{ failures: number }>(
    `UPDATE users SET totp_failed_attempts = totp_failed_attempts + 1
      WHERE id = $1 AND totp_failed_attempts < $2 AND (totp_locked_until IS NULL OR totp_locked_until <= now())
      RETURNING totp_failed_attempts AS failures`,
    [userId, TOTP_MAX_FAILURES],
  );
  if (!claimed[0] && !isRecoveryCode) {
    const left = await lockSecondsLeft(userId);
    if (left !== null) return { ok: false, locked: true, retryAfterSeconds: left };
    // At the limit but not locked: the last attempt's check is in flight, or its process died
    // before locking. Lock now rather than refuse forever without a lock that ever ends.
    await lockSecondFactor(userId);
    return { ok: false, locked: true, retryAfterSeconds: TOTP_LOCK_SECONDS };
  }
  const right = await checkCode(userId, state, code, isRecoveryCode);
  if (right) {
    // The second factor is proven (a recovery code also ends a lock): the count starts over.
    await pool.query(`UPDATE users SET totp_failed_attempts = 0, totp_locked_until = NULL WHERE id = $1`, [userId]);
    return { ok: true };
  }
  if (claimed[0] && claimed[0].failures >= TOTP_MAX_FAILURES) await lockSecondFactor(userId);
  return { ok: false, locked: false };
}

async function checkCode(userId: string, state: { secret: Buffer }, code: string, isRecoveryCode: boolean): Promise<boolean> {
  if (!isRecoveryCode) {
    const step = matchTotp(state.secret, code);
    return step !== null && claimStep(userId, step);
  }
  const { rowCount } = await getPool().query(`UPDATE totp_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL`, [userId, hashRecoveryCode(code.trim())]);
  return (rowCount ?? 0) > 0;
}

/** Seconds until the account's second factor unlocks, or null when it is not locked. */
async function lockSecondsLeft(userId: string): Promise<number | null> {
  const { rows } = await getPool().query<{ left: number | null }>(
    `SELECT ceil(extract(epoch FROM totp_locked_until - now()))::int AS left FROM users WHERE id = $1 AND totp_locked_until > now()`,
    [userId],
  );
  return rows[0]?.left == null ? null : Math.max(1, rows[0].left);
}

/** Locks the second factor (once: a concurrent last failure finds it locked) and mails the owner. */
async function lockSecondFactor(userId: string): Promise<void> {
  const { rows } = await getPool().query<{ email: string }>(
    `UPDATE users SET totp_locked_until = now() + make_interval(secs => $2), totp_failed_attempts = 0
      WHERE id = $1 AND (totp_locked_until IS NULL OR totp_locked_until <= now())
      RETURNING email`,
    [userId, TOTP_LOCK_SECONDS],
  );
  if (!rows[0]) return;
  const minutes = Math.round(TOTP_LOCK_SECONDS / 60);
  await sendMail({
    to: rows[0].email,
    subject: 'Two-factor sign-in to your Perch account is locked',
    text:
      `${TOTP_MAX_FAILURES} wrong authentication codes were entered in a row at sign-in to your Perch account, each after your correct password. ` +
      `Authenticator codes are refused for the next ${minutes} minutes; a recovery code still works.\n\n` +
      `If this was not you, someone knows your password: change it now in the dashboard (Settings), which also signs out every other browser.`,
  });
}

/** Turns two-factor sign-in off after re-checking the password; false when it is wrong. */
export async function disableTwoFactor(userId: string, password: string): Promise<boolean> {
  const { rows } = await getPool().query<{ password_hash: string | null }>(`SELECT password_hash FROM users WHERE id = $1 AND deleted_at IS NULL`, [userId]);
  if (!rows[0]?.password_hash || !(await verifyPassword(rows[0].password_hash, password))) return false;
  await getPool().query(`UPDATE users SET totp_secret_enc = NULL, totp_enabled_at = NULL, totp_last_step = NULL, totp_failed_attempts = 0, totp_locked_until = NULL WHERE id = $1`, [userId]);
  await getPool().query(`DELETE FROM totp_recovery_codes WHERE user_id = $1`, [userId]);
  return true;
}

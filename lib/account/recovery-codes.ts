import { getPool } from '@/lib/db/pool';
import { RECOVERY_CODE_COUNT, replaceRecoveryCodes, refusedCodeMessage, verifySecondFactor } from './two-factor';

/** How many of the account's recovery codes are still unused, out of how many a set has. */
export async function recoveryCodesLeft(userId: string): Promise<{ left: number; of: number }> {
  const { rows } = await getPool().query<{ left: number }>(`SELECT count(*)::int AS left FROM totp_recovery_codes WHERE user_id = $1 AND used_at IS NULL`, [userId]);
  return { left: rows[0].left, of: RECOVERY_CODE_COUNT };
}

export type RegenerateResult = { ok: true; codes: string[] } | { ok: false; errors: Record<string, string> };

/**
 * A fresh set of recovery codes, every earlier one void, once a current code from the
 * authenticator app (or an unused recovery code) proves the second factor: a stolen session
 * alone cannot mint codes that outlive it.
 */
export async function regenerateRecoveryCodes(userId: string, input: unknown): Promise<RegenerateResult> {
  const code = typeof (input as { code?: unknown } | null)?.code === 'string' ? (input as { code: string }).code.trim() : '';
  if (!code || code.length > 64) return { ok: false, errors: { code: 'Enter a code from your authenticator app' } };
  const verdict = await verifySecondFactor(userId, code);
  if (!verdict.ok) return { ok: false, errors: { code: refusedCodeMessage(verdict) } };
  return { ok: true, codes: await replaceRecoveryCodes(userId) };
}

import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAccount } from '@/lib/admin/create-account';
import { deleteAccount } from '@/lib/account/delete-account';
import { recoveryCodesLeft, regenerateRecoveryCodes } from '@/lib/account/recovery-codes';
import { base32Decode, totpCode } from '@/lib/account/totp';
import { confirmTotpEnrolment, startTotpEnrolment, verifySecondFactor } from '@/lib/account/two-factor';
import { getPool } from '@/lib/db/pool';

// Issue 27, item 7: recovery codes are counted and can be renewed (for a second factor), and
// deleting an account with two-factor on asks for a code beside the password.

const PASSWORD = 'correct horse battery';

async function enrolled(label: string): Promise<{ id: string; codes: string[] }> {
  const { id } = await createAccount({ email: `${label}-${crypto.randomBytes(4).toString('hex')}@recovery.test`, password: PASSWORD, credits: 0 });
  const enrolment = await startTotpEnrolment(id);
  const codes = await confirmTotpEnrolment(id, totpCode(base32Decode(enrolment!.secret)));
  expect(codes).toHaveLength(10);
  return { id, codes: codes! };
}

describe('recovery codes', () => {
  it('are counted as they are used, and a new set for a second factor voids the old one', async () => {
    const { id, codes } = await enrolled('renew');
    expect(await recoveryCodesLeft(id)).toEqual({ left: 10, of: 10 });
    expect(await verifySecondFactor(id, codes[0])).toEqual({ ok: true });
    expect(await recoveryCodesLeft(id)).toEqual({ left: 9, of: 10 });

    expect(await regenerateRecoveryCodes(id, { code: '' })).toMatchObject({ ok: false, errors: { code: expect.any(String) } });
    expect(await regenerateRecoveryCodes(id, { code: codes[0] })).toMatchObject({ ok: false, errors: { code: expect.stringContaining('not right') } });
    const renewed = await regenerateRecoveryCodes(id, { code: codes[1] });
    expect(renewed.ok).toBe(true);
    const fresh = renewed.ok ? renewed.codes : [];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => codes.includes(code))).toBe(false);
    expect(await recoveryCodesLeft(id)).toEqual({ left: 10, of: 10 });
    expect((await verifySecondFactor(id, codes[2])).ok).toBe(false);
    expect(await verifySecondFactor(id, fresh[0])).toEqual({ ok: true });
  });
});

describe('deleting an account with two-factor on', () => {
  it('needs a code beside the password, and a wrong one deletes nothing', async () => {
    const { id, codes } = await enrolled('delete');
    expect(await deleteAccount(id, { password: PASSWORD })).toEqual({ ok: false, errors: { code: 'Enter a code from your authenticator app (or a recovery code)' } });
    expect(await deleteAccount(id, { password: PASSWORD, code: 'abcde-12345' })).toMatchObject({ ok: false, errors: { code: expect.stringContaining('not right') } });
    expect(await deleteAccount(id, { password: 'wrong password', code: codes[0] })).toMatchObject({ ok: false, errors: { password: 'That is not your password' } });
    const alive = await getPool().query('SELECT deleted_at FROM users WHERE id = $1', [id]);
    expect(alive.rows[0].deleted_at).toBeNull();
    expect(await deleteAccount(id, { password: PASSWORD, code: codes[0] })).toEqual({ ok: true });
    const gone = await getPool().query('SELECT deleted_at FROM users WHERE id = $1', [id]);
    expect(gone.rows[0].deleted_at).not.toBeNull();
  });

  it('without two-factor still needs only the password', async () => {
    const { id } = await createAccount({ email: `plain-${crypto.randomBytes(4).toString('hex')}@recovery.test`, password: PASSWORD, credits: 0 });
    expect(await deleteAccount(id, { password: PASSWORD })).toEqual({ ok: true });
  });
});

import { z } from 'zod';
import { verifyPassword } from '@/lib/auth/password';
import { removeBlueskyConnection } from '@/lib/connections/bluesky-connection';
import { disconnectPlatformAccount } from '@/lib/connections/disconnect';
import { removeXConnection } from '@/lib/connections/x-connection';
import { getPool } from '@/lib/db/pool';
import { revokeKey } from '@/lib/keys';
import { refusedCodeMessage, verifySecondFactor } from './two-factor';

const deleteAccountSchema = z.object({ password: z.string().max(256).optional(), confirmEmail: z.string().max(254).optional(), code: z.string().max(64).optional() });

export type DeleteAccountResult = { ok: true } | { ok: false; errors: Record<string, string> };

/**
 * Deletes an account after re-checking its password (or, for an account without one, its
 * email typed out) and, with two-factor sign-in on, a code from the app or a recovery code
 * (a password alone is what two-factor means not to trust): revokes every API key, disconnects and revokes the platform account,
 * and the Bluesky and X connections with their sealed credentials, ends every dashboard
 * session and removes sign-in data. The row itself stays, scrubbed,
 * with its grants, holds and usage, so the ledger still adds up and in-flight calls settle;
 * the email is freed for a new sign-up.
 */
export async function deleteAccount(userId: string, input: unknown): Promise<DeleteAccountResult> {
  const parsed = deleteAccountSchema.safeParse(input ?? {});
  if (!parsed.success) return { ok: false, errors: { password: 'Enter your password' } };
  const pool = getPool();
  const { rows } = await pool.query<{ email: string; password_hash: string | null; two_factor: boolean }>(
    `SELECT email, password_hash, totp_enabled_at IS NOT NULL AS two_factor FROM users WHERE id = $1 AND deleted_at IS NULL`,
    [userId],
  );
  const user = rows[0];
  if (!user) return { ok: false, errors: { form: 'This account no longer exists' } };
  if (user.password_hash) {
    if (!parsed.data.password) return { ok: false, errors: { password: 'Enter your password' } };
    if (!(await verifyPassword(user.password_hash, parsed.data.password))) return { ok: false, errors: { password: 'That is not your password' } };
  } else if (parsed.data.confirmEmail?.trim().toLowerCase() !== user.email) {
    return { ok: false, errors: { confirmEmail: 'Type your email address to confirm' } };
  }
  if (user.two_factor) {
    const code = parsed.data.code?.trim();
    if (!code) return { ok: false, errors: { code: 'Enter a code from your authenticator app (or a recovery code)' } };
    const verdict = await verifySecondFactor(userId, code);
    if (!verdict.ok) return { ok: false, errors: { code: refusedCodeMessage(verdict) } };
  }
  // Marked deleted first: from here on no session, key lookup or sign-in accepts it.
  await pool.query(
    `UPDATE users SET deleted_at = now(), email = 'deleted-' || id || '@deleted.invalid', name = NULL, image = NULL, password_hash = NULL,
            email_verified = NULL, totp_secret_enc = NULL, totp_enabled_at = NULL, totp_last_step = NULL, updated_at = now()
      WHERE id = $1`,
    [userId],
  );
  const { rows: keys } = await pool.query<{ id: string }>(`SELECT id FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL`, [userId]);
  for (const key of keys) await revokeKey(key.id, userId);
  await disconnectPlatformAccount(userId);
  await removeUpstreamConnections(userId);
  await pool.query(`DELETE FROM sessions WHERE user_id = $1`, [userId]);
  await pool.query(`DELETE FROM accounts WHERE user_id = $1`, [userId]);
  await pool.query(`DELETE FROM account_tokens WHERE user_id = $1`, [userId]);
  await pool.query(`DELETE FROM totp_recovery_codes WHERE user_id = $1`, [userId]);
  return { ok: true };
}

/**
 * The account's Bluesky and X connections, whose sealed credentials must not outlive it (the
 * scrubbed row stays, so no foreign key cascades them). A Bluesky OAuth session is also
 * revoked at its server, best effort: the local copy goes either way. X has no revocation in
 * twitter-api-v2's flow here; the owner removes the app at X.
 */
async function removeUpstreamConnections(userId: string): Promise<void> {
  const bluesky = await removeBlueskyConnection(userId);
  if (bluesky?.linkedVia === 'oauth') {
    // Loaded only when needed, as for writes: a deployment without Bluesky never loads the OAuth client.
    const [{ endBlueskySessionUnlessUsed }, { getBlueskyOAuthClient }] = await Promise.all([import('@/lib/connections/bluesky-oauth-flow'), import('@/lib/connections/bluesky-oauth-client')]);
    let client: ReturnType<typeof getBlueskyOAuthClient> = null;
    try {
      client = getBlueskyOAuthClient();
    } catch {
      // Bluesky settings this process cannot use: the session is deleted here without revoking it there.
    }
    await endBlueskySessionUnlessUsed(client, bluesky.did);
  }
  await removeXConnection(userId);
}

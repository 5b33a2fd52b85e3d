import { z } from 'zod';
import { personActor, recordAudit } from '@/lib/audit/record-audit';
import { rememberSignupAddress } from '@/lib/auth/signup-credit-claim';
import { getPool } from '@/lib/db/pool';
import { revokeWorkspaceKeys } from '@/lib/keys/revoke-keys';
import { closeWorkspace } from '@/lib/workspaces/close-workspace';
import { accountDeletionPreview } from './account-deletion-preview';
import { confirmIdentity, identityFields } from './confirm-identity';

const deleteAccountSchema = z.object({ ...identityFields, revokeSharedKeys: z.boolean().optional() });

export type DeleteAccountResult = { ok: true } | { ok: false; status?: number; errors: Record<string, string> };

/**
 * Deletes an account after re-checking its password (or, for an account without one, its
 * email typed out) and, with two-factor sign-in on, a code (confirm-identity.ts). Refused while
 * the person is the only owner of a shared workspace others still belong to: someone must be
 * made owner first. Their personal workspace goes with them (closeWorkspace: balance
 * forfeited, keys revoked, rules paused, endpoints off, connections removed), so do shared
 * workspaces nobody else belongs to; they leave the others, where the keys they created keep
 * working unless `revokeSharedKeys`. Every dashboard session ends and sign-in data is removed.
 * The user row stays, scrubbed, so the ledger still adds up and in-flight calls settle; the
 * email is freed for a new sign-up (which gets no sign-up credits again: signup-credit-claim.ts).
 */
export async function deleteAccount(userId: string, input: unknown): Promise<DeleteAccountResult> {
  const parsed = deleteAccountSchema.safeParse(input ?? {});
  if (!parsed.success) return { ok: false, errors: { password: 'Enter your password' } };
  const preview = await accountDeletionPreview(userId);
  // Before the identity check: a refusal must not spend a one-time code.
  if (preview.blocking.length > 0) {
    const names = preview.blocking.map((w) => w.name).join(', ');
    return { ok: false, status: 409, errors: { form: `You are the only owner of ${names}: make someone else an owner there first (or delete the workspace)` } };
  }
  const identity = await confirmIdentity(userId, parsed.data);
  if (!identity.ok) return identity;
  const pool = getPool();
  // However the account was made (the admin CLI too), its address has had its sign-up credits.
  await rememberSignupAddress(identity.email);
  // Marked deleted first: from here on no session, key lookup or sign-in accepts it.
  await pool.query(
    `UPDATE users SET deleted_at = now(), email = 'deleted-' || id || '@deleted.invalid', name = NULL, image = NULL, password_hash = NULL,
            email_verified = NULL, totp_secret_enc = NULL, totp_enabled_at = NULL, totp_last_step = NULL, last_workspace_id = NULL, updated_at = now()
      WHERE id = $1`,
    [userId],
  );
  await closeWorkspace(userId);
  for (const workspace of preview.alsoDeleted) {
    if (!(await closeWorkspace(workspace.id))) continue;
    await recordAudit({
      workspaceId: workspace.id,
      actor: personActor({ id: userId, email: identity.email }),
      action: 'workspace.deleted',
      target: { kind: 'workspace', id: workspace.id, label: workspace.name },
      before: workspace,
    });
  }
  if (parsed.data.revokeSharedKeys) for (const workspace of preview.leaving) await revokeWorkspaceKeys(workspace.id, userId);
  await pool.query(`DELETE FROM workspace_members m USING workspaces w WHERE w.id = m.workspace_id AND m.user_id = $1 AND NOT w.personal AND w.deleted_at IS NULL`, [userId]);
  await pool.query(`DELETE FROM sessions WHERE user_id = $1`, [userId]);
  await pool.query(`DELETE FROM accounts WHERE user_id = $1`, [userId]);
  await pool.query(`DELETE FROM account_tokens WHERE user_id = $1`, [userId]);
  await pool.query(`DELETE FROM totp_recovery_codes WHERE user_id = $1`, [userId]);
  return { ok: true };
}

import type pg from 'pg';
import { personActor, recordAudit } from '@/lib/audit/record-audit';
import type { ActingMember } from './acting-member';
import { inTransaction } from '@/lib/db/transaction';
import { mailInvitation } from './invitation-mail';
import { INVITATION_TTL_DAYS, newInvitationToken } from './invitation-token';
import { takeInvitationMail, INVITATION_MAILS_PER_HOUR } from './invite-member';
import { refuse, type Outcome } from './outcome';
import { can, isRole, type Role } from './roles';

/** The shortest wait between two mails of one invitation, and how many mails one may send in all. */
export const RESEND_AFTER_SECONDS = 60;
export const MAX_SENDS = 5;

type OpenRow = { id: string; email: string; role: string; last_sent_at: Date; send_count: number; waited: boolean };

const OPEN = `accepted_at IS NULL AND declined_at IS NULL AND revoked_at IS NULL`;

/** The workspace's open invitation `id`, locked; a refusal when there is none or the actor may not touch its role. */
async function lockOpen(client: pg.PoolClient, actor: ActingMember, id: string): Promise<OpenRow | Outcome<never>> {
  const { rows } = await client.query<OpenRow>(
    `SELECT id, email, role, last_sent_at, send_count, last_sent_at <= now() - make_interval(secs => $3) AS waited
       FROM workspace_invitations WHERE id = $1 AND workspace_id = $2 AND ${OPEN} FOR UPDATE`,
    [id, actor.workspace.id, RESEND_AFTER_SECONDS],
  );
  const row = rows[0];
  if (!row || !isRole(row.role)) return refuse(404, 'no such open invitation');
  // Admins never touch owners, invited ones included.
  if (row.role === 'owner' && !can(actor.role, 'owners.manage')) return refuse(403, 'only owners can manage an invitation to become an owner');
  return row;
}

/**
 * Mails an open invitation again with a new token and a new 7-day expiry: the link in any
 * earlier mail stops working. At most once a minute and MAX_SENDS times per invitation.
 */
export async function resendInvitation(actor: ActingMember, id: string, origin: string): Promise<Outcome<{ expiresAt: string }>> {
  const { token, hash } = newInvitationToken();
  const result = await inTransaction(async (client): Promise<Outcome<{ expiresAt: string; email: string; role: Role }>> => {
    const row = await lockOpen(client, actor, id);
    if ('ok' in row) return row;
    if (!row.waited) return refuse(429, `this invitation was mailed less than ${RESEND_AFTER_SECONDS} seconds ago: wait a moment before resending`);
    if (row.send_count >= MAX_SENDS) return refuse(429, `this invitation was mailed ${MAX_SENDS} times already: revoke it and invite again if it still did not arrive`);
    if (!(await takeInvitationMail(actor.workspace.id))) return refuse(429, `at most ${INVITATION_MAILS_PER_HOUR} invitation mails per workspace per hour: try again later`);
    const { rows } = await client.query<{ expires_at: Date }>(
      `UPDATE workspace_invitations SET token_hash = $2, expires_at = now() + make_interval(days => $3), last_sent_at = now(), send_count = send_count + 1
        WHERE id = $1 RETURNING expires_at`,
      [id, hash, INVITATION_TTL_DAYS],
    );
    await recordAudit(
      {
        workspaceId: actor.workspace.id,
        actor: personActor(actor.user),
        action: 'member.invitation_resent',
        target: { kind: 'invitation', id, label: row.email },
        ip: actor.ip,
        after: { send_count: row.send_count + 1 },
      },
      client,
    );
    return { ok: true, expiresAt: rows[0].expires_at.toISOString(), email: row.email, role: row.role as Role };
  });
  if (!result.ok) return result;
  await mailInvitation({ to: result.email, token, workspaceName: actor.workspace.name, inviterEmail: actor.user.email, role: result.role, origin });
  return { ok: true, expiresAt: result.expiresAt };
}

/** Withdraws an open invitation: its link says so from now on. */
export async function revokeInvitation(actor: ActingMember, id: string): Promise<Outcome> {
  return inTransaction(async (client): Promise<Outcome> => {
    const row = await lockOpen(client, actor, id);
    if ('ok' in row) return row;
    await client.query(`UPDATE workspace_invitations SET revoked_at = now() WHERE id = $1`, [id]);
    await recordAudit(
      {
        workspaceId: actor.workspace.id,
        actor: personActor(actor.user),
        action: 'member.invitation_revoked',
        target: { kind: 'invitation', id, label: row.email },
        ip: actor.ip,
        before: { email: row.email, role: row.role },
      },
      client,
    );
    return { ok: true };
  });
}

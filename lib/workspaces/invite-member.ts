import { z } from 'zod';
import { createAttemptCounter } from '@/lib/auth/attempt-counter';
import { sharedAttemptStore } from '@/lib/auth/sign-in-limiter';
import { personActor, recordAudit } from '@/lib/audit/record-audit';
import { fieldErrors } from '@/lib/dashboard/field-errors';
import type { ActingMember } from './acting-member';
import { inTransaction } from '@/lib/db/transaction';
import { mailInvitation } from './invitation-mail';
import { INVITATION_TTL_DAYS, newInvitationId, newInvitationToken } from './invitation-token';
import { refuse, type Outcome } from './outcome';
import { assignableRoles, ROLE_LABELS, ROLES, type Role } from './roles';

// At most this many invitation mails (new and resent) per workspace per hour: inviting must not
// become a way to flood inboxes from Perch's address.
export const INVITATION_MAILS_PER_HOUR = 30;

const inviteSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Enter an email address').max(254, 'That email address is too long').pipe(z.email('Enter a valid email address')),
  role: z.enum(ROLES, 'Choose a role'),
});

/** Counts one invitation mail for the workspace; false when it is over the hourly limit. */
export async function takeInvitationMail(workspaceId: string): Promise<boolean> {
  const counter = createAttemptCounter(sharedAttemptStore(), 'invite-mail:');
  return (await counter.hit(workspaceId, 60 * 60)).count <= INVITATION_MAILS_PER_HOUR;
}

export type InvitedSummary = { invitation: { id: string; email: string; role: Role; expiresAt: string } };

/**
 * Invites an address into the workspace with a role the inviter may hand out: one open
 * invitation per address (a second is refused: resend the first), none for a member.
 */
export async function inviteMember(actor: ActingMember, input: unknown, origin: string): Promise<Outcome<InvitedSummary>> {
  const parsed = inviteSchema.safeParse(input);
  if (!parsed.success) return refuse(400, 'fix the highlighted fields', fieldErrors(parsed.error));
  const { email, role } = parsed.data;
  if (!assignableRoles(actor.role).includes(role)) {
    return refuse(403, `your role (${ROLE_LABELS[actor.role]}) cannot invite ${ROLE_LABELS[role]}s`, { role: `You cannot invite someone as ${ROLE_LABELS[role]}` });
  }
  const workspaceId = actor.workspace.id;
  if (!(await takeInvitationMail(workspaceId))) return refuse(429, `at most ${INVITATION_MAILS_PER_HOUR} invitation mails per workspace per hour: try again later`);
  const { token, hash } = newInvitationToken();
  const id = newInvitationId();
  const result = await inTransaction(async (client): Promise<Outcome<InvitedSummary>> => {
    const member = await client.query(
      `SELECT 1 FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = $1 AND lower(u.email) = $2 AND u.deleted_at IS NULL`,
      [workspaceId, email],
    );
    if (member.rows.length > 0) return refuse(409, `${email} is already a member`, { email: `${email} is already a member of this workspace` });
    const inserted = await client.query<{ expires_at: Date }>(
      `INSERT INTO workspace_invitations (id, workspace_id, email, role, token_hash, invited_by, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7))
       ON CONFLICT (workspace_id, email) WHERE accepted_at IS NULL AND declined_at IS NULL AND revoked_at IS NULL DO NOTHING
       RETURNING expires_at`,
      [id, workspaceId, email, role, hash, actor.user.id, INVITATION_TTL_DAYS],
    );
    if (!inserted.rows[0]) return refuse(409, `${email} is already invited`, { email: `${email} already has an open invitation: resend or revoke it below` });
    await recordAudit(
      {
        workspaceId,
        actor: personActor(actor.user),
        action: 'member.invited',
        target: { kind: 'invitation', id, label: email },
        ip: actor.ip,
        after: { email, role },
      },
      client,
    );
    return { ok: true, invitation: { id, email, role, expiresAt: inserted.rows[0].expires_at.toISOString() } };
  });
  if (!result.ok) return result;
  await mailInvitation({ to: email, token, workspaceName: actor.workspace.name, inviterEmail: actor.user.email, role, origin });
  return result;
}

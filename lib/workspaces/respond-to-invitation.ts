import { personActor, recordAudit } from '@/lib/audit/record-audit';
import type { CurrentUser } from '@/lib/auth/get-current-user';
import { invitationByToken, isInvitee, unusableReason } from './find-invitation';
import { inTransaction } from '@/lib/db/transaction';
import { refuse, type Outcome } from './outcome';

export type Joined = { workspace: { slug: string; name: string } };

/**
 * Accepts (joins the workspace with the invited role) or declines an open invitation, for the
 * signed-in person whose address it was sent to. The row is locked, so one link is used once.
 * Someone who is a member already keeps their role; the invitation is used up all the same.
 */
export async function respondToInvitation(user: CurrentUser, token: unknown, answer: 'accept' | 'decline', ip: string | null): Promise<Outcome<Joined>> {
  return inTransaction(async (client) => {
    const invitation = await invitationByToken(token, client, true);
    const reason = unusableReason(invitation);
    if (reason || !invitation) return refuse(invitation ? 409 : 404, reason ?? 'not found');
    if (!isInvitee(invitation, user.email)) {
      return refuse(403, `This invitation is for ${invitation.email}, and you are signed in as ${user.email}. Sign in with ${invitation.email} to answer it.`);
    }
    const column = answer === 'accept' ? 'accepted_at' : 'declined_at';
    await client.query(`UPDATE workspace_invitations SET ${column} = now() WHERE id = $1`, [invitation.id]);
    const workspaceId = invitation.workspace.id;
    let joined = false;
    if (answer === 'accept') {
      const inserted = await client.query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [workspaceId, user.id, invitation.role]);
      joined = (inserted.rowCount ?? 0) > 0;
    }
    await recordAudit(
      {
        workspaceId,
        actor: personActor(user),
        action: answer === 'accept' ? 'member.joined' : 'member.declined',
        target: { kind: 'user', id: user.id, label: user.email },
        ip,
        after: answer === 'accept' ? { role: invitation.role, invitation: invitation.id, ...(joined ? {} : { already_member: true }) } : { invitation: invitation.id },
      },
      client,
    );
    return { ok: true, workspace: { slug: invitation.workspace.slug, name: invitation.workspace.name } };
  });
}

import { personActor, recordAudit } from '@/lib/audit/record-audit';
import type { ActingMember } from './acting-member';
import { endMembership } from './end-membership';
import { inTransaction } from '@/lib/db/transaction';
import { lockMember } from './member-rules';
import { refuse, type Outcome } from './outcome';

/**
 * Takes the actor out of the workspace. Not their own personal workspace, and not as its last
 * owner. The keys they issued stay (the workspace's admins decide about those).
 */
export async function leaveWorkspace(actor: ActingMember): Promise<Outcome> {
  if (actor.workspace.id === actor.user.id) return refuse(409, 'this is your personal workspace: you cannot leave it');
  return inTransaction(async (client): Promise<Outcome> => {
    const me = await lockMember(client, actor.workspace.id, actor.user.id);
    if (!me) return refuse(404, 'not found');
    const lastOwner = me.role === 'owner' && me.owners <= 1 ? refuse(409, 'you are the last owner: make someone else an owner before you leave') : null;
    if (lastOwner) return lastOwner;
    await endMembership(client, actor.workspace.id, actor.user.id);
    await recordAudit(
      { workspaceId: actor.workspace.id, actor: personActor(actor.user), action: 'member.left', target: { kind: 'user', id: actor.user.id, label: actor.user.email }, ip: actor.ip, before: { role: me.role } },
      client,
    );
    return { ok: true };
  });
}

import { personActor, recordAudit } from '@/lib/audit/record-audit';
import type { ActingMember } from './acting-member';
import { inTransaction } from '@/lib/db/transaction';
import { lastOwnerRefusal, lockMember, ownerRuleRefusal } from './member-rules';
import { refuse, type Outcome } from './outcome';
import { isRole, type Role } from './roles';

/** Gives a member another role, within what the actor's own role may hand out. */
export async function changeMemberRole(actor: ActingMember, userId: string, input: unknown): Promise<Outcome<{ role: Role }>> {
  const role = (input as { role?: unknown } | null)?.role;
  if (!isRole(role)) return refuse(400, 'choose a role', { role: 'Choose one of owner, admin, developer, billing, viewer' });
  return inTransaction(async (client): Promise<Outcome<{ role: Role }>> => {
    const target = await lockMember(client, actor.workspace.id, userId);
    if (!target) return refuse(404, 'no such member');
    const refusal = ownerRuleRefusal(actor, target, role);
    if (refusal) return refusal;
    if (target.role === role) return { ok: true, role };
    const lastOwner = lastOwnerRefusal(target, 'change their role');
    if (lastOwner) return lastOwner;
    await client.query(`UPDATE workspace_members SET role = $3 WHERE workspace_id = $1 AND user_id = $2`, [actor.workspace.id, userId, role]);
    await recordAudit(
      {
        workspaceId: actor.workspace.id,
        actor: personActor(actor.user),
        action: 'member.role_changed',
        target: { kind: 'user', id: userId, label: target.email },
        ip: actor.ip,
        before: { role: target.role },
        after: { role },
      },
      client,
    );
    return { ok: true, role };
  });
}

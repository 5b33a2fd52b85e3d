import { personActor, recordAudit } from '@/lib/audit/record-audit';
import type { ActingMember } from './acting-member';
import { endMembership, forgetRevokedKeys, revokeKeysIssuedBy } from './end-membership';
import { inTransaction } from '@/lib/db/transaction';
import { lastOwnerRefusal, lockMember, ownerRuleRefusal } from './member-rules';
import { refuse, type Outcome } from './outcome';

/**
 * Removes a member (not oneself: that is leaving), optionally revoking the keys they issued in
 * the workspace. Their sessions stay (they may belong to other workspaces); their next request
 * here finds no membership and gets a 404.
 */
export async function removeMember(actor: ActingMember, userId: string, { revokeKeys = false } = {}): Promise<Outcome<{ keysRevoked: number }>> {
  if (userId === actor.user.id) return refuse(409, 'to take yourself out of this workspace, leave it');
  const result = await inTransaction(async (client): Promise<Outcome<{ hashes: string[] }>> => {
    const target = await lockMember(client, actor.workspace.id, userId);
    if (!target) return refuse(404, 'no such member');
    const refusal = ownerRuleRefusal(actor, target) ?? lastOwnerRefusal(target, 'remove them');
    if (refusal) return refusal;
    if (userId === actor.workspace.id) return refuse(409, `this is ${target.email}'s personal workspace: they cannot be removed from it`);
    await endMembership(client, actor.workspace.id, userId);
    const hashes = revokeKeys ? await revokeKeysIssuedBy(client, actor.workspace.id, userId) : [];
    await recordAudit(
      {
        workspaceId: actor.workspace.id,
        actor: personActor(actor.user),
        action: 'member.removed',
        target: { kind: 'user', id: userId, label: target.email },
        ip: actor.ip,
        before: { role: target.role },
        after: { keys_revoked: hashes.length },
      },
      client,
    );
    return { ok: true, hashes };
  });
  if (!result.ok) return result;
  await forgetRevokedKeys(result.hashes);
  return { ok: true, keysRevoked: result.hashes.length };
}

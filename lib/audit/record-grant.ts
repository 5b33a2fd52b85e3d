import { recordAuditQuietly, type AuditActor } from './record-audit';

/**
 * Records credits an admin granted to a workspace (grant.added), or took back to correct a
 * wrong grant (grant.corrected, a negative amount), with the reason and the balance after.
 * After the grant committed: a failure to record is logged, not thrown.
 */
export async function recordGrant(grant: { workspaceId: string; label: string; amount: number; reason: string; balance: number }, actor: AuditActor, ip: string | null = null): Promise<void> {
  await recordAuditQuietly({
    workspaceId: grant.workspaceId,
    actor,
    action: grant.amount < 0 ? 'grant.corrected' : 'grant.added',
    target: { kind: 'workspace', id: grant.workspaceId, label: grant.label },
    ip,
    after: { amount: grant.amount, reason: grant.reason, balance: grant.balance },
  });
}

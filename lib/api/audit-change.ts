import { callerActor } from '@/lib/audit/audit-actors';
import { recordAuditQuietly } from '@/lib/audit/record-audit';
import { clientIp } from '@/lib/auth/client-ip';
import type { HandlerContext } from './define-operation';

type Change = { action: string; target: { kind: string; id: string; label?: string | null }; before?: unknown; after?: unknown };

/**
 * Records a change a /v2 call made in its workspace's audit log: the caller's key, or the
 * signed-in person of a dashboard call, and the client's address. After the change committed:
 * a failure to record is logged, not turned into an error the client would retry.
 */
export async function auditChange(ctx: Pick<HandlerContext<unknown, unknown, unknown>, 'caller' | 'request'>, change: Change): Promise<void> {
  const ip = clientIp(ctx.request.headers);
  await recordAuditQuietly(async () => ({
    workspaceId: ctx.caller.userId,
    actor: await callerActor(ctx.caller),
    ip: ip === 'unknown' ? null : ip,
    ...change,
  }));
}

// "Disconnect": deletes the connection and its sealed tokens and revokes the grant at the platform.
import { routeWorkspace } from '@/lib/auth/route-workspace';
import { personActor, recordAudit } from '@/lib/audit/record-audit';
import { clientIp } from '@/lib/auth/client-ip';
import { workspaceHref } from '@/lib/workspaces/workspace-path';
import { disconnectPlatformAccount } from '@/lib/connections/disconnect';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function POST(request: Request): Promise<Response> {
  const { user, workspace, response } = await routeWorkspace(request, 'connections.manage');
  if (response) return response;
  await disconnectPlatformAccount(workspace.id);
  await recordAudit({ workspaceId: workspace.id, actor: personActor(user), action: 'connection.disconnected', target: { kind: 'connection', id: 'platform' }, ip: clientIp(request.headers) });
  return new Response(null, { status: 303, headers: { location: workspaceHref(workspace.slug, '/dashboard/connections?disconnected=1'), 'cache-control': 'no-store' } });
}

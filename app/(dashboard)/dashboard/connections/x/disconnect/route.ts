// "Disconnect X account": deletes the X connection and its sealed tokens, so no write acts as
// the account any more. Nothing is sent to X: a disconnect works while X is down, and the owner
// removes the app from the account at X (Settings, Connected apps) to end the grant there.
import { routeWorkspace } from '@/lib/auth/route-workspace';
import { personActor, recordAudit } from '@/lib/audit/record-audit';
import { clientIp } from '@/lib/auth/client-ip';
import { workspaceHref } from '@/lib/workspaces/workspace-path';
import { removeXConnection } from '@/lib/connections/x-connection';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function POST(request: Request): Promise<Response> {
  const { user, workspace, response } = await routeWorkspace(request, 'connections.manage');
  if (response) return response;
  await removeXConnection(workspace.id);
  await recordAudit({ workspaceId: workspace.id, actor: personActor(user), action: 'connection.disconnected', target: { kind: 'connection', id: 'x' }, ip: clientIp(request.headers) });
  return new Response(null, { status: 303, headers: { location: workspaceHref(workspace.slug, '/dashboard/connections?x=disconnected'), 'cache-control': 'no-store' } });
}

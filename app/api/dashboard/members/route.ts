import { routeWorkspace } from '@/lib/auth/route-workspace';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';
import { listMembers, listPendingInvitations } from '@/lib/workspaces/list-members';
import { can } from '@/lib/workspaces/roles';

export const dynamic = 'force-dynamic';

/** The workspace's members, and its pending invitations for those who manage members. */
async function handleGet(request: Request): Promise<Response> {
  const { workspace, role, response } = await routeWorkspace(request, 'members.view');
  if (response) return response;
  const members = await listMembers(workspace.id);
  const invitations = can(role, 'members.manage') ? await listPendingInvitations(workspace.id) : [];
  return Response.json({ members, invitations }, { headers: { 'cache-control': 'no-store' } });
}

export const GET = dashboardRoute(handleGet);

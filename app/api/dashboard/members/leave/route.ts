import { dashboardRoute } from '@/lib/dashboard/dashboard-route';
import { routeActingMember } from '@/lib/workspaces/acting-member';
import { leaveWorkspace } from '@/lib/workspaces/leave-workspace';
import { outcomeResponse } from '@/lib/workspaces/outcome-response';

export const dynamic = 'force-dynamic';

/** Takes the signed-in person out of this workspace (not their personal one, not as last owner). */
async function handlePost(request: Request): Promise<Response> {
  const { actor, response } = await routeActingMember(request, 'members.view');
  if (response) return response;
  return outcomeResponse(await leaveWorkspace(actor), () => ({ left: true }));
}

export const POST = dashboardRoute(handlePost);

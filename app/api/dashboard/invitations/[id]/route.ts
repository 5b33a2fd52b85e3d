import { dashboardRoute } from '@/lib/dashboard/dashboard-route';
import { routeActingMember } from '@/lib/workspaces/acting-member';
import { revokeInvitation } from '@/lib/workspaces/manage-invitation';
import { outcomeResponse } from '@/lib/workspaces/outcome-response';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** Withdraws an open invitation: its link says so from now on. */
async function handleDelete(request: Request, context: Context): Promise<Response> {
  const { actor, response } = await routeActingMember(request, 'members.manage');
  if (response) return response;
  return outcomeResponse(await revokeInvitation(actor, (await context.params).id), () => ({ revoked: true }));
}

export const DELETE = dashboardRoute(handleDelete);

import { dashboardRoute } from '@/lib/dashboard/dashboard-route';
import { publicOrigin } from '@/lib/oauth/public-origin';
import { routeActingMember } from '@/lib/workspaces/acting-member';
import { resendInvitation } from '@/lib/workspaces/manage-invitation';
import { outcomeResponse } from '@/lib/workspaces/outcome-response';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** Mails an open invitation again with a new link and a new expiry; the old link stops working. */
async function handlePost(request: Request, context: Context): Promise<Response> {
  const { actor, response } = await routeActingMember(request, 'members.manage');
  if (response) return response;
  const resent = await resendInvitation(actor, (await context.params).id, publicOrigin(request.headers));
  return outcomeResponse(resent, (ok) => ({ resent: true, expiresAt: ok.expiresAt }));
}

export const POST = dashboardRoute(handlePost);

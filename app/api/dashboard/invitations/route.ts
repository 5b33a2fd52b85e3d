import { jsonError } from '@/lib/auth/route-user';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { publicOrigin } from '@/lib/oauth/public-origin';
import { routeActingMember } from '@/lib/workspaces/acting-member';
import { inviteMember } from '@/lib/workspaces/invite-member';
import { outcomeResponse } from '@/lib/workspaces/outcome-response';

export const dynamic = 'force-dynamic';

/** Invites `{ email, role }` into this workspace and mails the link. */
async function handlePost(request: Request): Promise<Response> {
  const { actor, response } = await routeActingMember(request, 'members.manage');
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const invited = await inviteMember(actor, body.body, publicOrigin(request.headers));
  return outcomeResponse(invited, (ok) => ({ invitation: ok.invitation }), 201);
}

export const POST = dashboardRoute(handlePost);

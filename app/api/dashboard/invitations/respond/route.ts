import { clientIp } from '@/lib/auth/client-ip';
import { jsonError, routeUser } from '@/lib/auth/route-user';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { outcomeResponse } from '@/lib/workspaces/outcome-response';
import { respondToInvitation } from '@/lib/workspaces/respond-to-invitation';

export const dynamic = 'force-dynamic';

/**
 * Accepts or declines an invitation: `{ token, answer: 'accept' | 'decline' }`, for the signed-in
 * person it was sent to. Not a workspace route: the invitee is not a member yet. The token comes
 * in the body, so it is not in any access log.
 */
async function handlePost(request: Request): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const { token, answer } = (body.body ?? {}) as { token?: unknown; answer?: unknown };
  if (answer !== 'accept' && answer !== 'decline') return jsonError(400, 'answer is accept or decline', { answer: 'Choose accept or decline' });
  const responded = await respondToInvitation(user, token, answer, clientIp(request.headers));
  return outcomeResponse(responded, (ok) => ({ answer, workspace: ok.workspace }));
}

export const POST = dashboardRoute(handlePost);

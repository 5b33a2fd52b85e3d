import { jsonError } from '@/lib/auth/route-user';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { routeActingMember } from '@/lib/workspaces/acting-member';
import { changeMemberRole } from '@/lib/workspaces/change-member-role';
import { outcomeResponse } from '@/lib/workspaces/outcome-response';
import { removeMember } from '@/lib/workspaces/remove-member';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ userId: string }> };

/** Changes a member's role: `{ role }`. Owners' roles, and making owners, need owners.manage. */
async function handlePatch(request: Request, context: Context): Promise<Response> {
  const { actor, response } = await routeActingMember(request, 'members.manage');
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const changed = await changeMemberRole(actor, (await context.params).userId, body.body);
  return outcomeResponse(changed, (ok) => ({ role: ok.role }));
}

/** Removes a member; `?revokeKeys=1` also revokes the keys they issued in this workspace. */
async function handleDelete(request: Request, context: Context): Promise<Response> {
  const { actor, response } = await routeActingMember(request, 'members.manage');
  if (response) return response;
  const revokeKeys = new URL(request.url).searchParams.get('revokeKeys') === '1';
  const removed = await removeMember(actor, (await context.params).userId, { revokeKeys });
  return outcomeResponse(removed, (ok) => ({ removed: true, keysRevoked: ok.keysRevoked }));
}

export const PATCH = dashboardRoute(handlePatch);
export const DELETE = dashboardRoute(handleDelete);

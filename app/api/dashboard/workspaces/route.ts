import { clientIp } from '@/lib/auth/client-ip';
import { jsonError, routeUser } from '@/lib/auth/route-user';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { createWorkspace } from '@/lib/workspaces/create-workspace';
import { listMemberships } from '@/lib/workspaces/find-membership';
import { outcomeResponse } from '@/lib/workspaces/outcome-response';

export const dynamic = 'force-dynamic';

/** The workspaces the signed-in person belongs to, with their role in each (the header's switcher). */
async function handleGet(request: Request): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  const memberships = await listMemberships(user.id);
  return Response.json(
    { workspaces: memberships.map((m) => ({ slug: m.workspace.slug, name: m.workspace.name, personal: m.workspace.personal, role: m.role })) },
    { headers: { 'cache-control': 'no-store' } },
  );
}

/** Creates a shared workspace; any signed-in person may, and becomes its owner. */
async function handlePost(request: Request): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const created = await createWorkspace(user, body.body, clientIp(request.headers));
  return outcomeResponse(created, (ok) => ({ slug: ok.slug, name: ok.name }), 201);
}

export const GET = dashboardRoute(handleGet);
export const POST = dashboardRoute(handlePost);

import { jsonError, routeUser } from '@/lib/auth/route-user';
import { adminGrant } from '@/lib/dashboard/admin-grant';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** Grants credits to an account (admins only; anyone else gets 404). */
async function handlePost(request: Request): Promise<Response> {
  const { response } = await routeUser(request, { admin: true });
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const result = await adminGrant(body.body);
  if (!result.ok) return jsonError(400, 'fix the highlighted fields', result.errors);
  return Response.json(result, { status: 201 });
}

export const POST = dashboardRoute(handlePost);

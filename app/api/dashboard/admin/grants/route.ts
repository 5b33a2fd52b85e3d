import { clientIp } from '@/lib/auth/client-ip';
import { jsonError, routeUser } from '@/lib/auth/route-user';
import { adminGrant } from '@/lib/dashboard/admin-grant';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** Grants credits to an account (admins only; anyone else gets 404). */
async function handlePost(request: Request): Promise<Response> {
  const { user, response } = await routeUser(request, { admin: true });
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  // The audit log of the account's workspace names the admin who granted, from where.
  const ip = clientIp(request.headers);
  const result = await adminGrant(body.body, { id: user.id, email: user.email, ip: ip === 'unknown' ? null : ip });
  if (!result.ok) return jsonError(400, 'fix the highlighted fields', result.errors);
  return Response.json(result, { status: 201 });
}

export const POST = dashboardRoute(handlePost);

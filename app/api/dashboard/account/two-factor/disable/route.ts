import { disableTwoFactor } from '@/lib/account/two-factor';
import { jsonError, routeUser } from '@/lib/auth/route-user';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** Turns two-factor sign-in off (password re-entered). */
async function handlePost(request: Request): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const password = (body.body as { password?: unknown } | null)?.password;
  if (typeof password !== 'string' || !(await disableTwoFactor(user.id, password))) return jsonError(400, 'fix the highlighted fields', { password: 'That is not your password' });
  return Response.json({ enabled: false }, { headers: { 'cache-control': 'no-store' } });
}

export const POST = dashboardRoute(handlePost);

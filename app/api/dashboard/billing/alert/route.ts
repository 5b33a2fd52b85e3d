import { jsonError, routeUser } from '@/lib/auth/route-user';
import { setBalanceThreshold } from '@/lib/alerts/balance-alert';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** Sets the low-balance alert threshold: { threshold } in credits, 0 for off. */
async function handlePatch(request: Request): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const result = await setBalanceThreshold(user.id, (body.body as { threshold?: unknown } | null)?.threshold);
  if (!result.ok) return jsonError(400, result.error, { threshold: result.error });
  return Response.json(result.status, { headers: { 'cache-control': 'no-store' } });
}

export const PATCH = dashboardRoute(handlePatch);

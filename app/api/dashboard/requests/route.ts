import { jsonError } from '@/lib/auth/route-user';
import { routeWorkspace } from '@/lib/auth/route-workspace';
import { listRequests, parseRequestLogFilters, RequestLogFilterError } from '@/lib/dashboard/request-log';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** A page of the account's request log: `key` (an id, or `none`), `source`, `operation`, `status` (2xx/4xx/5xx), `within`, `from`, `to`, `cursor`, `limit`. */
async function handleGet(request: Request): Promise<Response> {
  const { workspace, response } = await routeWorkspace(request, 'usage.view');
  if (response) return response;
  try {
    const filters = parseRequestLogFilters(new URL(request.url).searchParams);
    return Response.json(await listRequests(workspace.id, filters), { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    if (error instanceof RequestLogFilterError) return jsonError(400, error.message, { [error.field]: error.message });
    throw error;
  }
}

export const GET = dashboardRoute(handleGet);

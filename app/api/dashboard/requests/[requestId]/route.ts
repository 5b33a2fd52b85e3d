import { jsonError } from '@/lib/auth/route-user';
import { routeWorkspace } from '@/lib/auth/route-workspace';
import { getRequest } from '@/lib/dashboard/request-log';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** One call of the account by its request id, with the parameters it was sent and its error. */
async function handleGet(request: Request, { params }: { params: Promise<{ requestId: string }> }): Promise<Response> {
  const { workspace, response } = await routeWorkspace(request, 'usage.view');
  if (response) return response;
  const found = await getRequest(workspace.id, (await params).requestId);
  if (!found) return jsonError(404, 'no call of this account has that request id (calls are kept for PERCH_REQUEST_LOG_DAYS days)');
  return Response.json({ request: found }, { headers: { 'cache-control': 'no-store' } });
}

export const GET = dashboardRoute(handleGet);

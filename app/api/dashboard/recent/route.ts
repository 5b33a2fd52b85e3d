import { routeWorkspace } from '@/lib/auth/route-workspace';
import { getRecentRequests } from '@/lib/dashboard/get-recent-requests';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** The account's 20 most recent /v2 calls, for the overview's live table. */
async function handleGet(request: Request): Promise<Response> {
  const { workspace, response } = await routeWorkspace(request, 'usage.view');
  if (response) return response;
  return Response.json({ requests: await getRecentRequests(workspace.id) }, { headers: { 'cache-control': 'no-store' } });
}

export const GET = dashboardRoute(handleGet);

import { routeWorkspace } from '@/lib/auth/route-workspace';
import { getRecentMatches } from '@/lib/dashboard/get-recent-matches';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/**
 * The account's newest matches for the Rules page's live panel. Read from the database, not
 * from GET /v2/stream: a stream delivery is charged the workspace's price of a match (lib/delivery/charge-match.ts), watching the page is free.
 */
async function handleGet(request: Request): Promise<Response> {
  const { workspace, response } = await routeWorkspace(request, 'rules.view');
  if (response) return response;
  return Response.json({ matches: await getRecentMatches(workspace.id) }, { headers: { 'cache-control': 'no-store' } });
}

export const GET = dashboardRoute(handleGet);

import { routeWorkspace } from '@/lib/auth/route-workspace';
import { getBalanceStatus } from '@/lib/alerts/balance-alert';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** The signed-in account's balance and low-balance alert state (the banner polls it). */
async function handleGet(request: Request): Promise<Response> {
  const { workspace, response } = await routeWorkspace(request, 'usage.view');
  if (response) return response;
  return Response.json(await getBalanceStatus(workspace.id), { headers: { 'cache-control': 'no-store' } });
}

export const GET = dashboardRoute(handleGet);

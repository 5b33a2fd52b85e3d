import { routeWorkspace } from '@/lib/auth/route-workspace';
import { deliveryStatusOf } from '@/lib/dashboard/delivery-status';
import { getRealtime } from '@/lib/dashboard/get-realtime';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** The Rules page's rules (with match counts), endpoints and deliveries (?status= filters them); polled while it is open. */
async function handleGet(request: Request): Promise<Response> {
  const { workspace, response } = await routeWorkspace(request, 'rules.view');
  if (response) return response;
  const status = deliveryStatusOf(new URL(request.url).searchParams.get('status'));
  return Response.json(await getRealtime(workspace.id, status), { headers: { 'cache-control': 'no-store' } });
}

export const GET = dashboardRoute(handleGet);

import { routeUser } from '@/lib/auth/route-user';
import { deliveryStatusOf } from '@/lib/dashboard/delivery-status';
import { getRealtime } from '@/lib/dashboard/get-realtime';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** The Rules page's rules (with match counts), endpoints and deliveries (?status= filters them); polled while it is open. */
async function handleGet(request: Request): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  const status = deliveryStatusOf(new URL(request.url).searchParams.get('status'));
  return Response.json(await getRealtime(user.id, status), { headers: { 'cache-control': 'no-store' } });
}

export const GET = dashboardRoute(handleGet);

import { routeUser } from '@/lib/auth/route-user';
import { getBalanceStatus } from '@/lib/alerts/balance-alert';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** The signed-in account's balance and low-balance alert state (the banner polls it). */
async function handleGet(request: Request): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  return Response.json(await getBalanceStatus(user.id), { headers: { 'cache-control': 'no-store' } });
}

export const GET = dashboardRoute(handleGet);

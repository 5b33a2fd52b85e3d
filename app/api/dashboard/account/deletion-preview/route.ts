import { accountDeletionPreview } from '@/lib/account/account-deletion-preview';
import { routeUser } from '@/lib/auth/route-user';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/**
 * What deleting the signed-in account would do, for its confirmation dialog: the personal
 * workspace's balance and keys, the shared workspaces that block it (only owner, others remain),
 * those deleted with it (nobody else in them) and those left (keys created there).
 */
async function handleGet(request: Request): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  return Response.json({ preview: await accountDeletionPreview(user.id) }, { headers: { 'cache-control': 'no-store' } });
}

export const GET = dashboardRoute(handleGet);

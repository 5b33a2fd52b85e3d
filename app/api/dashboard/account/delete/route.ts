import { deleteAccount } from '@/lib/account/delete-account';
import { jsonError, routeUser } from '@/lib/auth/route-user';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** Deletes the signed-in account (password re-entered): keys revoked, platform tokens revoked, sessions ended. */
async function handlePost(request: Request): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const result = await deleteAccount(user.id, body.body);
  if (!result.ok) return jsonError(400, 'fix the highlighted fields', result.errors);
  return Response.json({ deleted: true }, { headers: { 'cache-control': 'no-store' } });
}

export const POST = dashboardRoute(handlePost);

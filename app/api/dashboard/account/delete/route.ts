import { deleteAccount } from '@/lib/account/delete-account';
import { jsonError, routeUser } from '@/lib/auth/route-user';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/**
 * Deletes the signed-in account (password and, with 2FA on, a code re-entered; `revokeSharedKeys`
 * to revoke the keys they created in shared workspaces too): 409 while they are the only owner
 * of a shared workspace others belong to. Its figures: GET ../deletion-preview.
 */
async function handlePost(request: Request): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const result = await deleteAccount(user.id, body.body);
  if (!result.ok) return jsonError(result.status ?? 400, result.status === 409 ? 'make someone else an owner first' : 'fix the highlighted fields', result.errors);
  return Response.json({ deleted: true }, { headers: { 'cache-control': 'no-store' } });
}

export const POST = dashboardRoute(handlePost);

import { changePassword } from '@/lib/account/change-password';
import { currentSessionId } from '@/lib/auth/current-session-id';
import { jsonError, routeUser } from '@/lib/auth/route-user';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** Changes the password (the current one re-entered); every other session of the account ends. */
async function handlePost(request: Request): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const result = await changePassword(user.id, body.body, await currentSessionId());
  if (!result.ok) return jsonError(400, 'fix the highlighted fields', result.errors);
  return Response.json({ changed: true, other_sessions_ended: true }, { headers: { 'cache-control': 'no-store' } });
}

export const POST = dashboardRoute(handlePost);

import { resetPassword } from '@/lib/account/password-reset';
import { jsonError } from '@/lib/auth/route-user';
import { isSameOrigin } from '@/lib/auth/same-origin';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** Sets a new password from a reset link's token; every session of the account ends. */
async function handlePost(request: Request): Promise<Response> {
  if (!isSameOrigin(request)) return jsonError(403, 'cross-site requests are not accepted');
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const result = await resetPassword(body.body);
  if (!result.ok) return jsonError(400, result.errors.form ?? 'fix the highlighted fields', result.errors);
  return Response.json({ reset: true }, { headers: { 'cache-control': 'no-store' } });
}

export const POST = dashboardRoute(handlePost);

import { verifyEmail } from '@/lib/account/email-verification';
import { jsonError } from '@/lib/auth/route-user';
import { isSameOrigin } from '@/lib/auth/same-origin';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** Confirms an email address with the token from its verification link. */
async function handlePost(request: Request): Promise<Response> {
  if (!isSameOrigin(request)) return jsonError(403, 'cross-site requests are not accepted');
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const token = (body.body as { token?: unknown } | null)?.token;
  if (typeof token !== 'string' || !(await verifyEmail(token))) return jsonError(400, 'This confirmation link has expired or was already used: send a new one from Settings');
  return Response.json({ verified: true }, { headers: { 'cache-control': 'no-store' } });
}

export const POST = dashboardRoute(handlePost);

import { confirmTotpEnrolment } from '@/lib/account/two-factor';
import { jsonError, routeUser } from '@/lib/auth/route-user';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** Turns two-factor sign-in on with a first code from the app; answers the recovery codes, once. */
async function handlePost(request: Request): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const code = (body.body as { code?: unknown } | null)?.code;
  const codes = typeof code === 'string' ? await confirmTotpEnrolment(user.id, code) : null;
  if (!codes) return jsonError(400, 'fix the highlighted fields', { code: 'That code is not right: enter the 6 digits your app shows now' });
  return Response.json({ enabled: true, recovery_codes: codes }, { headers: { 'cache-control': 'no-store' } });
}

export const POST = dashboardRoute(handlePost);

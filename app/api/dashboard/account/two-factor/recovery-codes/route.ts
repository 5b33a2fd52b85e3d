import { recoveryCodesLeft, regenerateRecoveryCodes } from '@/lib/account/recovery-codes';
import { hasTwoFactor } from '@/lib/account/two-factor';
import { jsonError, routeUser } from '@/lib/auth/route-user';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** How many recovery codes are left. */
async function handleGet(request: Request): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  if (!(await hasTwoFactor(user.id))) return jsonError(400, 'two-factor sign-in is off: there are no recovery codes');
  return Response.json(await recoveryCodesLeft(user.id), { headers: { 'cache-control': 'no-store' } });
}

/** A new set of recovery codes (every earlier one void) for a current code from the app; answers them, once. */
async function handlePost(request: Request): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const result = await regenerateRecoveryCodes(user.id, body.body);
  if (!result.ok) return jsonError(400, 'fix the highlighted fields', result.errors);
  return Response.json({ recovery_codes: result.codes }, { headers: { 'cache-control': 'no-store' } });
}

export const GET = dashboardRoute(handleGet);
export const POST = dashboardRoute(handlePost);

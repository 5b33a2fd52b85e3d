import { jsonError, routeUser } from '@/lib/auth/route-user';
import { createKeyForUser } from '@/lib/dashboard/create-key';
import { listKeys } from '@/lib/dashboard/list-keys';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'cache-control': 'no-store' };

/** The signed-in account's keys. */
async function handleGet(request: Request): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  return Response.json({ keys: await listKeys(user.id) }, { headers: NO_STORE });
}

/** Creates a key; the response is the only place the full key ever appears. */
async function handlePost(request: Request): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const result = await createKeyForUser(user.id, body.body);
  if (!result.ok) return jsonError(400, 'fix the highlighted fields', result.errors);
  return Response.json({ key: result.key }, { status: 201, headers: NO_STORE });
}

export const GET = dashboardRoute(handleGet);
export const POST = dashboardRoute(handlePost);

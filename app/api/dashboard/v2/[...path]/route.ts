// /v2 for the signed-in dashboard (playground, explorer): the same dispatch as the public API,
// authenticated by the session instead of a key, charged to the account with the source the
// calling page names in X-Perch-Source (playground, explorer, rules, dashboard). Paths mirror /v2: /api/dashboard/v2/users/jack runs GET /v2/users/jack.
// Rules belong to a key: the Rules page names one of the account's keys in X-Perch-Key-Id and
// the call runs as that key (its id and scopes), without the key's secret.
import { dispatch } from '@/lib/api/dispatch';
import { jsonError, routeUser } from '@/lib/auth/route-user';
import { parseDashboardSource, SOURCE_HEADER } from '@/lib/dashboard/call-source';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';
import { ownKeyCaller } from '@/lib/dashboard/own-key-caller';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const PREFIX = '/api/dashboard';

// Every call spends credits, so even GETs must come from our own pages: the custom header
// cannot be sent cross-site without a CORS preflight, which this route never grants.
const REQUIRED_HEADER = 'x-perch-dashboard';
const KEY_HEADER = 'x-perch-key-id';

async function handle(request: Request): Promise<Response> {
  if (request.headers.get(REQUIRED_HEADER) !== '1') return jsonError(403, `send the ${REQUIRED_HEADER}: 1 header from the dashboard`);
  const { user, response } = await routeUser(request);
  if (response) return response;
  const keyId = request.headers.get(KEY_HEADER);
  const source = parseDashboardSource(request.headers.get(SOURCE_HEADER));
  const caller = keyId ? await ownKeyCaller(user.id, keyId, source) : { userId: user.id, keyId: null, scopes: ['read', 'write'], source };
  if (!caller) return jsonError(404, 'no usable key of yours has this id: it may have been revoked, have expired or been deleted');
  const url = new URL(request.url);
  url.pathname = url.pathname.slice(PREFIX.length);
  const forwarded = new Request(url, {
    method: request.method,
    headers: request.headers,
    body: request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer(),
  });
  return dispatch(forwarded, { caller });
}

export const GET = dashboardRoute(handle);
export const POST = dashboardRoute(handle);
export const DELETE = dashboardRoute(handle);

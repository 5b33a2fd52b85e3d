// /v2 for the signed-in dashboard (playground, explorer): the same dispatch as the public API,
// authenticated by the session instead of a key, charged to the account with source
// `playground`. Paths mirror /v2: /api/dashboard/v2/users/jack runs GET /v2/users/jack.
import { dispatch } from '@/lib/api/dispatch';
import { jsonError, routeUser } from '@/lib/auth/route-user';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const PREFIX = '/api/dashboard';

// Every call spends credits, so even GETs must come from our own pages: the custom header
// cannot be sent cross-site without a CORS preflight, which this route never grants.
const REQUIRED_HEADER = 'x-perch-dashboard';

async function handle(request: Request): Promise<Response> {
  if (request.headers.get(REQUIRED_HEADER) !== '1') return jsonError(403, `send the ${REQUIRED_HEADER}: 1 header from the dashboard`);
  const { user, response } = await routeUser(request);
  if (response) return response;
  const url = new URL(request.url);
  url.pathname = url.pathname.slice(PREFIX.length);
  const forwarded = new Request(url, {
    method: request.method,
    headers: request.headers,
    body: request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer(),
  });
  return dispatch(forwarded, { caller: { userId: user.id, keyId: null, scopes: ['read', 'write'], source: 'playground' } });
}

export const GET = dashboardRoute(handle);
export const POST = dashboardRoute(handle);
export const DELETE = dashboardRoute(handle);

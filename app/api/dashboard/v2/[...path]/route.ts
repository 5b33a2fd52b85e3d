// /v2 for the signed-in dashboard (playground, explorer): the same dispatch as the public API,
// authenticated by the session instead of a key, charged to the workspace the URL names with the source the
// calling page names in X-Perch-Source (playground, explorer, rules, dashboard). Paths mirror /v2: /api/dashboard/v2/users/jack runs GET /v2/users/jack.
// Rules belong to a key: the Rules page names one of the account's keys in X-Perch-Key-Id and
// the call runs as that key (its id and scopes), without the key's secret.
import { dispatch } from '@/lib/api/dispatch';
import { jsonError } from '@/lib/auth/route-user';
import { routeWorkspace } from '@/lib/auth/route-workspace';
import { parseDashboardSource, SOURCE_HEADER } from '@/lib/dashboard/call-source';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';
import { ownKeyCaller } from '@/lib/dashboard/own-key-caller';
import { dashboardV2Permission } from '@/lib/workspaces/dashboard-v2-permission';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const PREFIX = '/api/dashboard';

// Every call spends credits, so even GETs must come from our own pages: the custom header
// cannot be sent cross-site without a CORS preflight, which this route never grants.
const REQUIRED_HEADER = 'x-perch-dashboard';
const KEY_HEADER = 'x-perch-key-id';

async function handle(request: Request): Promise<Response> {
  if (request.headers.get(REQUIRED_HEADER) !== '1') return jsonError(403, `send the ${REQUIRED_HEADER}: 1 header from the dashboard`);
  const url = new URL(request.url);
  url.pathname = url.pathname.slice(PREFIX.length);
  const { user, workspace, response } = await routeWorkspace(request, dashboardV2Permission(request.method, url.pathname.slice('/v2'.length)));
  if (response) return response;
  const keyId = request.headers.get(KEY_HEADER);
  const source = parseDashboardSource(request.headers.get(SOURCE_HEADER));
  const found = keyId ? await ownKeyCaller(workspace.id, keyId, source) : { userId: workspace.id, keyId: null, scopes: ['read', 'write'], source };
  // The audit log names the signed-in person as the one who made a change, key or not.
  const caller = found && { ...found, person: { id: user.id, email: user.email } };
  if (!caller) return jsonError(404, 'no usable key of this workspace has this id: it may have been revoked, have expired or been deleted');
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

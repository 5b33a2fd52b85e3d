// An export's file for a plain link of the Exports page (<a href download>): a link sends neither
// the session mount's X-Perch-Dashboard header nor the workspace's, so this route takes the
// workspace from `?workspace=` and runs GET /v2/exports/{exportId}/download as the workspace,
// with the request's Range: the same file and 206s as a key gets. Not gzip: the server's own
// response compression may encode it again, and a browser then saves a gzip file named .jsonl.
// A download is free and changes nothing, so it needs no header a cross-site page cannot send.
import { dispatch } from '@/lib/api/dispatch';
import { routeWorkspace } from '@/lib/auth/route-workspace';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

type Context = { params: Promise<{ exportId: string }> };

async function handleGet(request: Request, { params }: Context): Promise<Response> {
  const { user, workspace, response } = await routeWorkspace(request, 'exports.view');
  if (response) return response;
  const { exportId } = await params;
  const url = new URL(`/v2/exports/${encodeURIComponent(exportId)}/download`, request.url);
  const headers = new Headers(request.headers);
  headers.delete('accept-encoding');
  const forwarded = new Request(url, { method: 'GET', headers });
  return dispatch(forwarded, { caller: { userId: workspace.id, keyId: null, scopes: ['read'], source: 'dashboard', person: { id: user.id, email: user.email } } });
}

export const GET = dashboardRoute(handleGet);

import { clientIp } from '@/lib/auth/client-ip';
import { jsonError } from '@/lib/auth/route-user';
import { routeWorkspace } from '@/lib/auth/route-workspace';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { renameWorkspace } from '@/lib/workspaces/rename-workspace';

export const dynamic = 'force-dynamic';

/** The workspace of the request: its name, slug and the caller's role. */
async function handleGet(request: Request): Promise<Response> {
  const context = await routeWorkspace(request, 'usage.view');
  if (context.response) return context.response;
  return Response.json({ workspace: context.workspace, role: context.role }, { headers: { 'cache-control': 'no-store' } });
}

/** Renames the workspace ({name}, 1–80 characters); the slug, and so every link, stays. */
async function handlePatch(request: Request): Promise<Response> {
  const context = await routeWorkspace(request, 'workspace.settings');
  if (context.response) return context.response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const result = await renameWorkspace({ user: context.user, workspace: context.workspace, role: context.role, ip: clientIp(request.headers) }, body.body);
  if (!result.ok) return jsonError(result.status, result.error, result.errors);
  return Response.json({ name: result.name, slug: context.workspace.slug }, { headers: { 'cache-control': 'no-store' } });
}

export const GET = dashboardRoute(handleGet);
export const PATCH = dashboardRoute(handlePatch);

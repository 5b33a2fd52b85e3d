import { clientIp } from '@/lib/auth/client-ip';
import { jsonError } from '@/lib/auth/route-user';
import { routeWorkspace } from '@/lib/auth/route-workspace';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { deleteWorkspace } from '@/lib/workspaces/delete-workspace';
import { workspaceDeletionPreview } from '@/lib/workspaces/deletion-preview';
import { defaultMembership } from '@/lib/workspaces/find-membership';
import { workspaceHref } from '@/lib/workspaces/workspace-path';

export const dynamic = 'force-dynamic';

/** What deleting the workspace would take away (balance, keys, rules, endpoints, connections, members), for the owner's confirmation. */
async function handleGet(request: Request): Promise<Response> {
  const context = await routeWorkspace(request, 'workspace.delete');
  if (context.response) return context.response;
  const preview = await workspaceDeletionPreview(context.workspace.id);
  if (!preview) return jsonError(404, 'not found');
  return Response.json({ preview }, { headers: { 'cache-control': 'no-store' } });
}

/** Deletes the workspace: {confirmName, password (or confirmEmail), code with 2FA on}. Owners only. Answers the figures and `next`, where to go. */
async function handlePost(request: Request): Promise<Response> {
  const context = await routeWorkspace(request, 'workspace.delete');
  if (context.response) return context.response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const result = await deleteWorkspace({ user: context.user, workspace: context.workspace, role: context.role, ip: clientIp(request.headers) }, body.body);
  if (!result.ok) return jsonError(result.status, result.error, result.errors);
  // Where the browser goes next: a workspace the person still has (their personal one, normally).
  const still = await defaultMembership(context.user.id);
  const next = still ? workspaceHref(still.workspace.slug, '/dashboard') : '/dashboard';
  return Response.json({ deleted: result.deleted, next }, { headers: { 'cache-control': 'no-store' } });
}

export const GET = dashboardRoute(handleGet);
export const POST = dashboardRoute(handlePost);

import { personActor, recordAudit } from '@/lib/audit/record-audit';
import { clientIp } from '@/lib/auth/client-ip';
import { jsonError } from '@/lib/auth/route-user';
import { routeWorkspace } from '@/lib/auth/route-workspace';
import { keySnapshot } from '@/lib/keys/key-snapshot';
import { keyManagerOf } from '@/lib/workspaces/key-access';
import { createKeyForUser } from '@/lib/dashboard/create-key';
import { listKeys } from '@/lib/dashboard/list-keys';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'cache-control': 'no-store' };

/** The workspace's keys, each marked with whether the member asking may manage it. */
async function handleGet(request: Request): Promise<Response> {
  const { user, workspace, role, response } = await routeWorkspace(request, 'keys.view');
  if (response) return response;
  return Response.json({ keys: await listKeys(workspace.id, keyManagerOf(user.id, role)) }, { headers: NO_STORE });
}

/** Creates a key; the response is the only place the full key ever appears. */
async function handlePost(request: Request): Promise<Response> {
  const { user, workspace, response } = await routeWorkspace(request, 'keys.manage_own');
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const result = await createKeyForUser(workspace.id, body.body, user.id);
  if (!result.ok) return jsonError(400, 'fix the highlighted fields', result.errors);
  const target = { kind: 'key', id: result.key.id, label: result.key.name };
  await recordAudit({ workspaceId: workspace.id, actor: personActor(user), action: 'key.created', target, ip: clientIp(request.headers), after: await keySnapshot(workspace.id, result.key.id) });
  return Response.json({ key: result.key }, { status: 201, headers: NO_STORE });
}

export const GET = dashboardRoute(handleGet);
export const POST = dashboardRoute(handlePost);

import { recordAudit } from '@/lib/audit/record-audit';
import { routeKey } from '@/lib/auth/route-key';
import { jsonError } from '@/lib/auth/route-user';
import { deleteRevokedKey } from '@/lib/dashboard/delete-key';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { updateKey } from '@/lib/dashboard/update-key';
import { isWellFormedKey } from '@/lib/keys/key-format';
import { keySnapshot } from '@/lib/keys/key-snapshot';
import { revokeKey } from '@/lib/keys/revoke-key';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

// Another workspace's key answers exactly like a key that does not exist.
const NOT_FOUND = 'no such key';

/** Changes any of a key's name, scopes, credit limit, expiry and rate limit; every instance applies it to the next call. */
async function handlePatch(request: Request, context: Context): Promise<Response> {
  const { id } = await context.params;
  const { workspace, actor, ip, response } = await routeKey(request, id);
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const before = await keySnapshot(workspace.id, id);
  const result = await updateKey(workspace.id, id, body.body);
  if (result.ok) {
    await recordAudit({ workspaceId: workspace.id, actor, action: 'key.updated', target: { kind: 'key', id, label: result.key.name }, ip, before, after: await keySnapshot(workspace.id, id) });
    return Response.json({ name: result.key.name, key: result.key });
  }
  if ('notFound' in result) return jsonError(404, NOT_FOUND);
  return jsonError(400, result.errors.form ?? 'fix the highlighted fields', result.errors);
}

/**
 * Revokes one of the workspace's keys: /v2 refuses it from this moment on this instance, within a
 * second on every other. With `?permanent=1`, deletes an already revoked key instead.
 */
async function handleDelete(request: Request, context: Context): Promise<Response> {
  const { id } = await context.params;
  // Only ids here: revokeKey would also accept a raw key, which this route has no business taking.
  if (isWellFormedKey(id)) return jsonError(404, NOT_FOUND);
  const { workspace, actor, ip, response } = await routeKey(request, id);
  if (response) return response;
  const before = await keySnapshot(workspace.id, id);
  const target = { kind: 'key', id, label: before?.name ?? null };
  if (new URL(request.url).searchParams.get('permanent') === '1') {
    const deleted = await deleteRevokedKey(workspace.id, id);
    if (deleted.ok) {
      await recordAudit({ workspaceId: workspace.id, actor, action: 'key.deleted', target, ip, before });
      return Response.json({ deleted: true });
    }
    if ('notFound' in deleted) return jsonError(404, NOT_FOUND);
    return jsonError(409, 'revoke the key before deleting it');
  }
  if (!(await revokeKey(id, workspace.id))) return jsonError(404, NOT_FOUND);
  await recordAudit({ workspaceId: workspace.id, actor, action: 'key.revoked', target, ip, before, after: await keySnapshot(workspace.id, id) });
  return Response.json({ revoked: true });
}

export const PATCH = dashboardRoute(handlePatch);
export const DELETE = dashboardRoute(handleDelete);

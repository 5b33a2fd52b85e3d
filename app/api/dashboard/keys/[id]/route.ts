import { jsonError, routeUser } from '@/lib/auth/route-user';
import { deleteRevokedKey } from '@/lib/dashboard/delete-key';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { updateKey } from '@/lib/dashboard/update-key';
import { isWellFormedKey } from '@/lib/keys/key-format';
import { revokeKey } from '@/lib/keys/revoke-key';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

// Another account's key answers exactly like a key that does not exist.
const NOT_FOUND = 'no such key';

/** Changes any of a key's name, scopes, credit limit, expiry and rate limit; every instance applies it to the next call. */
async function handlePatch(request: Request, context: Context): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const result = await updateKey(user.id, (await context.params).id, body.body);
  if (result.ok) return Response.json({ name: result.key.name, key: result.key });
  if ('notFound' in result) return jsonError(404, NOT_FOUND);
  return jsonError(400, result.errors.form ?? 'fix the highlighted fields', result.errors);
}

/**
 * Revokes one of the account's keys: /v2 refuses it from this moment on this instance, within a
 * second on every other. With `?permanent=1`, deletes an already revoked key instead.
 */
async function handleDelete(request: Request, context: Context): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  const { id } = await context.params;
  // Only ids here: revokeKey would also accept a raw key, which this route has no business taking.
  if (isWellFormedKey(id)) return jsonError(404, NOT_FOUND);
  if (new URL(request.url).searchParams.get('permanent') === '1') {
    const deleted = await deleteRevokedKey(user.id, id);
    if (deleted.ok) return Response.json({ deleted: true });
    if ('notFound' in deleted) return jsonError(404, NOT_FOUND);
    return jsonError(409, 'revoke the key before deleting it');
  }
  if (!(await revokeKey(id, user.id))) return jsonError(404, NOT_FOUND);
  return Response.json({ revoked: true });
}

export const PATCH = dashboardRoute(handlePatch);
export const DELETE = dashboardRoute(handleDelete);

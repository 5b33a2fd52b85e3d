import { jsonError, routeUser } from '@/lib/auth/route-user';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { renameKey } from '@/lib/dashboard/rename-key';
import { isWellFormedKey } from '@/lib/keys/key-format';
import { revokeKey } from '@/lib/keys/revoke-key';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

// Another account's key answers exactly like a key that does not exist.
const NOT_FOUND = 'no such key';

/** Renames one of the account's keys. */
export async function PATCH(request: Request, context: Context): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message);
  const result = await renameKey(user.id, (await context.params).id, body.body);
  if (result.ok) return Response.json({ name: result.name });
  if ('notFound' in result) return jsonError(404, NOT_FOUND);
  return jsonError(400, 'fix the highlighted fields', result.errors);
}

/** Revokes one of the account's keys: /v2 refuses it from this moment on this instance. */
export async function DELETE(request: Request, context: Context): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  const { id } = await context.params;
  // Only ids here: revokeKey would also accept a raw key, which this route has no business taking.
  if (isWellFormedKey(id)) return jsonError(404, NOT_FOUND);
  if (!(await revokeKey(id, user.id))) return jsonError(404, NOT_FOUND);
  return Response.json({ revoked: true });
}

import { getCurrentUser, type CurrentUser } from './get-current-user';
import { isSameOrigin } from './same-origin';

export type RouteUser = { user: CurrentUser; response?: never } | { user?: never; response: Response };

/** A JSON error body in the dashboard routes' shape. */
export function jsonError(status: number, message: string, errors?: Record<string, string>): Response {
  return Response.json({ error: message, ...(errors ? { errors } : {}) }, { status, headers: { 'cache-control': 'no-store' } });
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * The signed-in account behind a dashboard route request, or the response to send instead:
 * 403 for a cross-site mutation, 401 when signed out, 404 for a non-admin on an admin route.
 */
export async function routeUser(request: Request, { admin = false } = {}): Promise<RouteUser> {
  if (!SAFE_METHODS.has(request.method) && !isSameOrigin(request)) return { response: jsonError(403, 'cross-site requests are not accepted') };
  const user = await getCurrentUser();
  if (admin && !user?.isAdmin) return { response: jsonError(404, 'not found') };
  if (!user) return { response: jsonError(401, 'sign in first') };
  return { user };
}

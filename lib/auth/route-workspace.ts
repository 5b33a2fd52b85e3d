import { defaultMembership, membershipBySlug, type WorkspaceRef } from '@/lib/workspaces/find-membership';
import { can, ROLE_LABELS, type Permission, type Role } from '@/lib/workspaces/roles';
import { WORKSPACE_HEADER } from '@/lib/workspaces/workspace-path';
import type { CurrentUser } from './get-current-user';
import { jsonError, routeUser } from './route-user';

export type RouteWorkspace =
  | { user: CurrentUser; workspace: WorkspaceRef; role: Role; response?: never }
  | { user?: never; workspace?: never; role?: never; response: Response };

/**
 * The signed-in person, the workspace of the request (which proxy.ts names in
 * WORKSPACE_HEADER; the one they last used when it names none) and their role, for a dashboard route
 * that needs `permission`; else the response to send: 403 cross-site or for a role without the
 * right, 401 signed out, 404 for a workspace they are not in.
 */
export async function routeWorkspace(request: Request, permission: Permission): Promise<RouteWorkspace> {
  const { user, response } = await routeUser(request);
  if (response) return { response };
  const slug = request.headers.get(WORKSPACE_HEADER);
  const membership = slug ? await membershipBySlug(user.id, slug) : await defaultMembership(user.id);
  if (!membership) return { response: jsonError(404, 'not found') };
  if (!can(membership.role, permission)) {
    return { response: jsonError(403, `your role in this workspace (${ROLE_LABELS[membership.role]}) does not allow this`) };
  }
  return { user, ...membership };
}

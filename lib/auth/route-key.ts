import { personActor, type AuditActor } from '@/lib/audit/record-audit';
import type { WorkspaceRef } from '@/lib/workspaces/find-membership';
import { keyAccess } from '@/lib/workspaces/key-access';
import type { CurrentUser } from './get-current-user';
import { clientIp } from './client-ip';
import { jsonError } from './route-user';
import { routeWorkspace } from './route-workspace';

export type RouteKey =
  | { user: CurrentUser; workspace: WorkspaceRef; actor: AuditActor; ip: string; response?: never }
  | { user?: never; workspace?: never; actor?: never; ip?: never; response: Response };

/**
 * A dashboard route acting on one key of the workspace: the member must manage keys, and a
 * developer only the keys they issued (403); a key of no workspace of theirs is a 404.
 */
export async function routeKey(request: Request, keyId: string): Promise<RouteKey> {
  const { user, workspace, role, response } = await routeWorkspace(request, 'keys.manage_own');
  if (response) return { response };
  const access = await keyAccess(workspace.id, user.id, role, keyId);
  if (access === 'missing') return { response: jsonError(404, 'no such key') };
  if (access === 'forbidden') return { response: jsonError(403, 'only owners and admins change keys other members issued') };
  return { user, workspace, actor: personActor(user), ip: clientIp(request.headers) };
}

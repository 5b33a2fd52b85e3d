import type { CurrentUser } from '@/lib/auth/get-current-user';
import { clientIp } from '@/lib/auth/client-ip';
import { routeWorkspace } from '@/lib/auth/route-workspace';
import type { WorkspaceRef } from './find-membership';
import type { Permission, Role } from './roles';

/** Who acts, in which workspace and role, from where: what every member action needs for its checks and its audit line. */
export type ActingMember = { user: CurrentUser; workspace: WorkspaceRef; role: Role; ip: string | null };

/** routeWorkspace, plus the client's address for the audit log. */
export async function routeActingMember(request: Request, permission: Permission): Promise<{ actor: ActingMember; response?: never } | { actor?: never; response: Response }> {
  const context = await routeWorkspace(request, permission);
  if (context.response) return { response: context.response };
  return { actor: { user: context.user, workspace: context.workspace, role: context.role, ip: clientIp(request.headers) } };
}

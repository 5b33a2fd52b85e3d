import { defaultMembership, type WorkspaceRef } from '@/lib/workspaces/find-membership';
import { can, type Permission } from '@/lib/workspaces/roles';
import { getCurrentUser, type CurrentUser } from './get-current-user';

export type CallbackWorkspace = { user: CurrentUser; workspace: WorkspaceRef } | { user: CurrentUser | null; workspace: null };

/**
 * The workspace an OAuth redirect comes back to: its URL is the one registered with the
 * provider, so it names no workspace. The flow was started from a workspace page, which made that
 * workspace the person's last used; the flow's sealed state names it too and the callback checks
 * both agree. Null when signed out or when the role lacks `permission`.
 */
export async function callbackWorkspace(permission: Permission): Promise<CallbackWorkspace> {
  const user = await getCurrentUser();
  if (!user) return { user: null, workspace: null };
  const membership = await defaultMembership(user.id);
  if (!membership || !can(membership.role, permission)) return { user, workspace: null };
  return { user, workspace: membership.workspace };
}

import { forbidden, notFound } from 'next/navigation';
import { headers } from 'next/headers';
import { cache } from 'react';
import { membershipBySlug, rememberWorkspace, type Membership, type WorkspaceRef } from '@/lib/workspaces/find-membership';
import { can, type Permission, type Role } from '@/lib/workspaces/roles';
import { WORKSPACE_HEADER } from '@/lib/workspaces/workspace-path';
import type { CurrentUser } from './get-current-user';
import { requestPath } from './request-path';
import { requireUser } from './require-user';

export type WorkspaceContext = { user: CurrentUser; workspace: WorkspaceRef; role: Role };

// Looked up (and remembered as last used) once per render: the dashboard's layout and its page
// both ask.
const openedMembership = cache(async (userId: string, slug: string): Promise<Membership | null> => {
  const membership = await membershipBySlug(userId, slug);
  if (membership) await rememberWorkspace(userId, membership.workspace.id);
  return membership;
});

/**
 * The signed-in person, the workspace the URL names (`/w/<slug>/dashboard/…`: proxy.ts hands the
 * slug on) and their role in it, for a page that needs `permission`. Signed out: sign in and
 * come back. Not a member (or no such workspace): 404. A role without the right: 403.
 */
export async function requireWorkspace(permission: Permission): Promise<WorkspaceContext> {
  const user = await requireUser(await requestPath('/dashboard'));
  const slug = (await headers()).get(WORKSPACE_HEADER);
  const membership = slug ? await openedMembership(user.id, slug) : null;
  if (!membership) notFound();
  if (!can(membership.role, permission)) forbidden();
  return { user, ...membership };
}

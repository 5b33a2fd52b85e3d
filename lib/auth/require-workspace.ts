import { forbidden, notFound, redirect } from 'next/navigation';
import { headers } from 'next/headers';
import { defaultMembership, membershipBySlug, rememberWorkspace, type WorkspaceRef } from '@/lib/workspaces/find-membership';
import { can, type Permission, type Role } from '@/lib/workspaces/roles';
import { WORKSPACE_HEADER, workspaceHref } from '@/lib/workspaces/workspace-path';
import type { CurrentUser } from './get-current-user';
import { requestPath } from './request-path';
import { requireUser } from './require-user';

export type WorkspaceContext = { user: CurrentUser; workspace: WorkspaceRef; role: Role };

/**
 * The signed-in person, the workspace the URL names and their role in it, for a page that needs
 * `permission`. Signed out: sign in and come back. No workspace in the URL: the same page in the
 * one they last used. Not a member (or no such workspace): 404. A role without the right: 403.
 */
export async function requireWorkspace(permission: Permission): Promise<WorkspaceContext> {
  const path = await requestPath('/dashboard');
  const user = await requireUser(path);
  const slug = (await headers()).get(WORKSPACE_HEADER);
  if (!slug) {
    const fallback = await defaultMembership(user.id);
    if (!fallback) notFound();
    redirect(workspaceHref(fallback.workspace.slug, path));
  }
  const membership = await membershipBySlug(user.id, slug);
  if (!membership) notFound();
  if (!can(membership.role, permission)) forbidden();
  await rememberWorkspace(user.id, membership.workspace.id);
  return { user, ...membership };
}

'use client';

import { usePathname } from 'next/navigation';
import { slugOfPath, workspaceHref } from '@/lib/workspaces/workspace-path';

/**
 * `path` inside the workspace the browser is in (`/dashboard/keys` → `/w/acme/dashboard/keys`,
 * `/api/dashboard/keys` → `/w/acme/api/dashboard/keys`): a dashboard fetch or link always acts
 * on the workspace of its own tab. Unchanged outside a workspace.
 */
export function inCurrentWorkspace(path: string): string {
  if (typeof window === 'undefined') return path;
  const slug = slugOfPath(window.location.pathname);
  return slug ? workspaceHref(slug, path) : path;
}

/** The same for links rendered by a client component (re-rendered when the path changes). */
export function useWorkspaceHref(): (path: string) => string {
  const slug = slugOfPath(usePathname() ?? '');
  return (path) => (slug ? workspaceHref(slug, path) : path);
}

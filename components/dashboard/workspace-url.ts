'use client';

import { WORKSPACE_HEADER, slugOfPath, workspaceHref } from '@/lib/workspaces/workspace-path';

function currentSlug(): string | null {
  return typeof window === 'undefined' ? null : slugOfPath(window.location.pathname);
}

/**
 * The header that makes a dashboard API call act in the workspace of its own tab (the page's
 * `/w/<slug>/…`), whatever another tab has opened since. Empty outside a workspace.
 */
export function workspaceHeaders(): Record<string, string> {
  const slug = currentSlug();
  return slug ? { [WORKSPACE_HEADER]: slug } : {};
}

/** A dashboard page path (`/dashboard/keys`) inside the workspace the browser is in. */
export function inCurrentWorkspace(path: string): string {
  const slug = currentSlug();
  return slug ? workspaceHref(slug, path) : path;
}


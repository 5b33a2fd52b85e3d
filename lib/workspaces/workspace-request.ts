import { NextResponse, type NextRequest } from 'next/server';
import { WORKSPACE_HEADER, looksLikeSlug, refererSlug, splitWorkspacePath, workspaceHref } from './workspace-path';

/**
 * Which workspace a request acts in, for proxy.ts to hand on in WORKSPACE_HEADER (membership is
 * checked by requireWorkspace / routeWorkspace, never here):
 * - pages: the URL, `/w/<slug>/dashboard/…`. An unprefixed `/dashboard/…` link followed from a
 *   workspace page is redirected to the same page in that workspace;
 * - the dashboard's API: the header the dashboard's fetches send, else `?workspace=`, else the
 *   workspace of the page it came from (same-origin Referer: plain links and form posts).
 * Anything else: none.
 */
export function routeWorkspaceRequest(request: NextRequest): { slug: string | null; response?: NextResponse } {
  const { pathname, searchParams } = request.nextUrl;
  const inPath = splitWorkspacePath(pathname);
  if (inPath) return { slug: inPath.slug };
  const fromPage = refererSlug(request.headers.get('referer'), request.headers.get('host'));
  if (pathname === '/dashboard' || pathname.startsWith('/dashboard/')) {
    if (!fromPage || request.method !== 'GET') return { slug: fromPage };
    const url = request.nextUrl.clone();
    url.pathname = workspaceHref(fromPage, pathname);
    return { slug: fromPage, response: NextResponse.redirect(url, 307) };
  }
  if (pathname.startsWith('/api/dashboard/')) {
    const named = request.headers.get(WORKSPACE_HEADER) ?? searchParams.get('workspace');
    return { slug: named && looksLikeSlug(named) ? named : fromPage };
  }
  return { slug: null };
}

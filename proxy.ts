import { NextResponse, type NextRequest } from 'next/server';
import { PATH_HEADER } from '@/lib/auth/path-header';
import { WORKSPACE_HEADER, isWorkspaceScopedPath, refererSlug, splitWorkspacePath, workspaceHref } from '@/lib/workspaces/workspace-path';
import { STATIC_SECURITY_HEADERS, contentSecurityPolicy, newNonce } from '@/lib/auth/security-headers';

/**
 * Security headers for pages and dashboard routes. Next.js reads the nonce back from the
 * request's CSP header and puts it on its own scripts, which is why pages render dynamically.
 */
export function proxy(request: NextRequest): NextResponse {
  // `/V2/…` is the API as under server.ts (which routes the prefix in any case), not a page.
  const { pathname } = request.nextUrl;
  if (/^\/v2(\/|$)/i.test(pathname) && !pathname.startsWith('/v2')) {
    const url = request.nextUrl.clone();
    url.pathname = `/v2${pathname.slice(3)}`;
    return NextResponse.rewrite(url);
  }
  const csp = contentSecurityPolicy(newNonce(), { dev: process.env.NODE_ENV === 'development' });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', csp);
  // Layouts cannot see the path; the dashboard's sends signed-out visitors back to it after sign-in.
  requestHeaders.set(PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  // /w/<slug>/… names the workspace: served by the unprefixed page or route, which reads the slug
  // from this header (only ever set here, from the URL).
  requestHeaders.delete(WORKSPACE_HEADER);
  const inWorkspace = splitWorkspacePath(pathname);
  const fromPage = !inWorkspace && isWorkspaceScopedPath(pathname) ? refererSlug(request.headers.get('referer'), request.headers.get('host')) : null;
  let response: NextResponse;
  if (fromPage && request.method === 'GET' && pathname.startsWith('/dashboard')) {
    // An unprefixed page link followed from a workspace page: the same page in that workspace.
    const url = request.nextUrl.clone();
    url.pathname = workspaceHref(fromPage, pathname);
    response = NextResponse.redirect(url, 307);
  } else if (inWorkspace) {
    requestHeaders.set(WORKSPACE_HEADER, inWorkspace.slug);
    const url = request.nextUrl.clone();
    url.pathname = inWorkspace.rest;
    response = NextResponse.rewrite(url, { request: { headers: requestHeaders } });
  } else {
    // An unprefixed API call or form post from a workspace page acts in that page's workspace.
    if (fromPage) requestHeaders.set(WORKSPACE_HEADER, fromPage);
    response = NextResponse.next({ request: { headers: requestHeaders } });
  }
  response.headers.set('content-security-policy', csp);
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  // /v2 is the JSON API (served by server.ts itself in production); static assets need no CSP.
  matcher: ['/((?!v2/|v2$|_next/static|_next/image|favicon.ico).*)'],
};

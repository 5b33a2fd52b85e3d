import { NextResponse, type NextRequest } from 'next/server';
import { PATH_HEADER } from '@/lib/auth/path-header';
import { WORKSPACE_HEADER } from '@/lib/workspaces/workspace-path';
import { routeWorkspaceRequest } from '@/lib/workspaces/workspace-request';
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
  const { response: answer, slug } = routeWorkspaceRequest(request);
  if (slug) requestHeaders.set(WORKSPACE_HEADER, slug);
  else requestHeaders.delete(WORKSPACE_HEADER);
  const response = answer ?? NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('content-security-policy', csp);
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  // /v2 is the JSON API (served by server.ts itself in production); static assets need no CSP.
  matcher: ['/((?!v2/|v2$|_next/static|_next/image|favicon.ico).*)'],
};

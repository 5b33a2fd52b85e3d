// "Connect X account": a form POST that starts OAuth 2.0 with PKCE at X (verifier and state
// sealed into an httpOnly cookie) and sends the browser to X's authorize page.
import { NextResponse } from 'next/server';
import { routeWorkspace } from '@/lib/auth/route-workspace';
import { rememberWorkspace } from '@/lib/workspaces/find-membership';
import { workspaceHref } from '@/lib/workspaces/workspace-path';
import { FLOW_TTL_SECONDS } from '@/lib/connections/flow-cookie';
import { startXConnection, X_FLOW_COOKIE } from '@/lib/connections/x-oauth-flow';
import { publicOrigin } from '@/lib/oauth/public-origin';
import { readPlatformConfig } from '@/lib/platform/platform-config';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function POST(request: Request): Promise<Response> {
  const { user, workspace, response } = await routeWorkspace(request, 'connections.manage');
  if (response) return response;
  // The provider's redirect names no workspace: the callback comes back to the last used one.
  await rememberWorkspace(user.id, workspace.id);
  const settings = readPlatformConfig().x;
  if (!settings?.oauth) return new Response(null, { status: 303, headers: { location: workspaceHref(workspace.slug, '/dashboard/connections?x=not_configured'), 'cache-control': 'no-store' } });
  const origin = publicOrigin(request.headers);
  const { authorizeUrl, cookieValue } = startXConnection(workspace.id, origin, settings);
  const redirect = new NextResponse(null, { status: 303, headers: { location: authorizeUrl, 'cache-control': 'no-store' } });
  redirect.cookies.set(X_FLOW_COOKIE, cookieValue, { httpOnly: true, sameSite: 'lax', secure: origin.startsWith('https:'), path: '/dashboard/connections', maxAge: FLOW_TTL_SECONDS });
  return redirect;
}

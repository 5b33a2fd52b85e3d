// "Connect platform account": a form POST that starts the OAuth flow (PKCE verifier and state
// sealed into an httpOnly cookie) and sends the browser to the platform's authorize page.
import { NextResponse } from 'next/server';
import { routeWorkspace } from '@/lib/auth/route-workspace';
import { rememberWorkspace } from '@/lib/workspaces/find-membership';
import { FLOW_COOKIE, FLOW_TTL_SECONDS } from '@/lib/connections/flow-cookie';
import { startConnection } from '@/lib/connections/start-connection';
import { publicOrigin } from '@/lib/oauth/public-origin';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function POST(request: Request): Promise<Response> {
  const { user, workspace, response } = await routeWorkspace(request, 'connections.manage');
  if (response) return response;
  // The provider's redirect names no workspace: the callback comes back to the last used one.
  await rememberWorkspace(user.id, workspace.id);
  const origin = publicOrigin(request.headers);
  const { authorizeUrl, cookieValue } = startConnection(workspace.id, origin);
  const redirect = new NextResponse(null, { status: 303, headers: { location: authorizeUrl, 'cache-control': 'no-store' } });
  // Path-scoped to the callback's directory; Lax so that it rides along the top-level return.
  redirect.cookies.set(FLOW_COOKIE, cookieValue, {
    httpOnly: true,
    sameSite: 'lax',
    secure: origin.startsWith('https:'),
    path: '/dashboard/connections',
    maxAge: FLOW_TTL_SECONDS,
  });
  return redirect;
}

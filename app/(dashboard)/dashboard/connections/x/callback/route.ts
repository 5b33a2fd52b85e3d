// The redirect URI to register with the X app: checks state against the flow cookie, redeems
// the code at X, stores the tokens sealed, and goes back to the connections page.
import { NextResponse, type NextRequest } from 'next/server';
import { getCurrentUser } from '@/lib/auth/get-current-user';
import { completeXConnection, X_FLOW_COOKIE } from '@/lib/connections/x-oauth-flow';
import { readPlatformConfig } from '@/lib/platform/platform-config';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

function seeOther(location: string): NextResponse {
  const response = new NextResponse(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
  response.cookies.set(X_FLOW_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/dashboard/connections', maxAge: 0 });
  return response;
}

export async function GET(request: NextRequest): Promise<Response> {
  const user = await getCurrentUser();
  if (!user) return seeOther(`/signin?callbackUrl=${encodeURIComponent('/dashboard/connections')}`);
  const settings = readPlatformConfig().x;
  if (!settings?.oauth) return seeOther('/dashboard/connections?x=not_configured');
  const result = await completeXConnection({ userId: user.id, cookie: request.cookies.get(X_FLOW_COOKIE)?.value, params: request.nextUrl.searchParams, settings });
  return seeOther(`/dashboard/connections?x=${result.ok ? 'connected' : result.reason}`);
}

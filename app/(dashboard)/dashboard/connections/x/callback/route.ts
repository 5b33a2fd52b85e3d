// The redirect URI to register with the X app: checks state against the flow cookie, redeems
// the code at X, stores the tokens sealed, and goes back to the connections page.
import type { NextRequest } from 'next/server';
import { getCurrentUser } from '@/lib/auth/get-current-user';
import { completeXConnection, X_FLOW_COOKIE } from '@/lib/connections/x-oauth-flow';
import { readPlatformConfig } from '@/lib/platform/platform-config';
import { seeOther } from '@/lib/connections/see-other';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(request: NextRequest): Promise<Response> {
  const user = await getCurrentUser();
  if (!user) return seeOther(`/signin?callbackUrl=${encodeURIComponent('/dashboard/connections')}`, X_FLOW_COOKIE);
  const settings = readPlatformConfig().x;
  if (!settings?.oauth) return seeOther('/dashboard/connections?x=not_configured', X_FLOW_COOKIE);
  const result = await completeXConnection({ userId: user.id, cookie: request.cookies.get(X_FLOW_COOKIE)?.value, params: request.nextUrl.searchParams, settings });
  return seeOther(`/dashboard/connections?x=${result.ok ? 'connected' : result.reason}`, X_FLOW_COOKIE);
}

// The OAuth redirect URI registered for the dashboard client: checks state against the flow
// cookie, redeems the code, stores the tokens sealed, and goes back to the connections page.
import type { NextRequest } from 'next/server';
import { getCurrentUser } from '@/lib/auth/get-current-user';
import { completeConnection } from '@/lib/connections/complete-connection';
import { FLOW_COOKIE } from '@/lib/connections/flow-cookie';
import { seeOther } from '@/lib/connections/see-other';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(request: NextRequest): Promise<Response> {
  const user = await getCurrentUser();
  if (!user) return seeOther(`/signin?callbackUrl=${encodeURIComponent('/dashboard/connections')}`, FLOW_COOKIE);
  const result = await completeConnection({ userId: user.id, cookie: request.cookies.get(FLOW_COOKIE)?.value, params: request.nextUrl.searchParams });
  if (result.ok) return seeOther('/dashboard/connections?connected=1', FLOW_COOKIE);
  return seeOther(`/dashboard/connections?${new URLSearchParams({ error: result.error, reason: result.reason })}`, FLOW_COOKIE);
}

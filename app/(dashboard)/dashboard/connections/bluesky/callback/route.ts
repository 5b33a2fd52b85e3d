// The atproto OAuth redirect URI: the client redeems the code (state, issuer and PKCE checked),
// the connection is stored, and the browser goes back to the Connections page.
import type { NextRequest } from 'next/server';
import { getCurrentUser } from '@/lib/auth/get-current-user';
import { getBlueskyOAuthClient } from '@/lib/connections/bluesky-oauth-client';
import { completeBlueskyAuthorization } from '@/lib/connections/bluesky-oauth-flow';
import { seeOther } from '@/lib/connections/see-other';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';


export async function GET(request: NextRequest): Promise<Response> {
  const user = await getCurrentUser();
  if (!user) return seeOther(`/signin?callbackUrl=${encodeURIComponent('/dashboard/connections')}`);
  const client = getBlueskyOAuthClient();
  if (!client) return seeOther('/dashboard/connections?bluesky_error=failed');
  const result = await completeBlueskyAuthorization(client, user.id, request.nextUrl.searchParams);
  return seeOther(result.ok ? '/dashboard/connections?bluesky=connected' : `/dashboard/connections?bluesky_error=${result.reason}`);
}

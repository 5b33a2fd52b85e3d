// The atproto OAuth redirect URI: the client redeems the code (state, issuer and PKCE checked),
// the connection is stored, and the browser goes back to the Connections page.
import type { NextRequest } from 'next/server';
import { callbackWorkspace } from '@/lib/auth/callback-workspace';
import { personActor, recordAudit } from '@/lib/audit/record-audit';
import { clientIp } from '@/lib/auth/client-ip';
import { workspaceHref } from '@/lib/workspaces/workspace-path';
import { getBlueskyOAuthClient } from '@/lib/connections/bluesky-oauth-client';
import { completeBlueskyAuthorization } from '@/lib/connections/bluesky-oauth-flow';
import { seeOther } from '@/lib/connections/see-other';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';


export async function GET(request: NextRequest): Promise<Response> {
  const { user, workspace } = await callbackWorkspace('connections.manage');
  if (!user) return seeOther(`/signin?callbackUrl=${encodeURIComponent('/dashboard/connections')}`);
  // Switched workspace or lost the role since starting: the flow is not this workspace's.
  if (!workspace) return seeOther('/dashboard/connections?error=access_denied&reason=state_mismatch');
  const page = (query: string) => workspaceHref(workspace.slug, `/dashboard/connections?${query}`);
  const client = getBlueskyOAuthClient();
  if (!client) return seeOther(page('bluesky_error=failed'));
  const result = await completeBlueskyAuthorization(client, workspace.id, request.nextUrl.searchParams);
  if (result.ok) await recordAudit({ workspaceId: workspace.id, actor: personActor(user), action: 'connection.connected', target: { kind: 'connection', id: 'bluesky' }, ip: clientIp(request.headers) });
  return seeOther(page(result.ok ? 'bluesky=connected' : `bluesky_error=${result.reason}`));
}

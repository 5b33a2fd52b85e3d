// The OAuth redirect URI registered for the dashboard client: checks state against the flow
// cookie, redeems the code, stores the tokens sealed, and goes back to the connections page.
import type { NextRequest } from 'next/server';
import { callbackWorkspace } from '@/lib/auth/callback-workspace';
import { personActor, recordAudit } from '@/lib/audit/record-audit';
import { clientIp } from '@/lib/auth/client-ip';
import { workspaceHref } from '@/lib/workspaces/workspace-path';
import { completeConnection } from '@/lib/connections/complete-connection';
import { FLOW_COOKIE } from '@/lib/connections/flow-cookie';
import { seeOther } from '@/lib/connections/see-other';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(request: NextRequest): Promise<Response> {
  const { user, workspace } = await callbackWorkspace('connections.manage');
  if (!user) return seeOther(`/signin?callbackUrl=${encodeURIComponent('/dashboard/connections')}`, FLOW_COOKIE);
  // Switched workspace or lost the role since starting: the flow is not this workspace's.
  if (!workspace) return seeOther('/dashboard/connections?error=access_denied&reason=state_mismatch', FLOW_COOKIE);
  const page = (query: string) => workspaceHref(workspace.slug, `/dashboard/connections?${query}`);
  const result = await completeConnection({ userId: workspace.id, cookie: request.cookies.get(FLOW_COOKIE)?.value, params: request.nextUrl.searchParams });
  if (result.ok) {
    await recordAudit({ workspaceId: workspace.id, actor: personActor(user), action: 'connection.connected', target: { kind: 'connection', id: 'platform', label: result.username }, ip: clientIp(request.headers) });
    return seeOther(page('connected=1'), FLOW_COOKIE);
  }
  return seeOther(page(String(new URLSearchParams({ error: result.error, reason: result.reason }))), FLOW_COOKIE);
}

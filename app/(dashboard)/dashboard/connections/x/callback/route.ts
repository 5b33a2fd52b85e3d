// The redirect URI to register with the X app: checks state against the flow cookie, redeems
// the code at X, stores the tokens sealed, and goes back to the connections page.
import type { NextRequest } from 'next/server';
import { callbackWorkspace } from '@/lib/auth/callback-workspace';
import { personActor, recordAudit } from '@/lib/audit/record-audit';
import { clientIp } from '@/lib/auth/client-ip';
import { workspaceHref } from '@/lib/workspaces/workspace-path';
import { completeXConnection, X_FLOW_COOKIE } from '@/lib/connections/x-oauth-flow';
import { readPlatformConfig } from '@/lib/platform/platform-config';
import { seeOther } from '@/lib/connections/see-other';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(request: NextRequest): Promise<Response> {
  const { user, workspace } = await callbackWorkspace('connections.manage');
  if (!user) return seeOther(`/signin?callbackUrl=${encodeURIComponent('/dashboard/connections')}`, X_FLOW_COOKIE);
  // Switched workspace or lost the role since starting: the flow is not this workspace's.
  if (!workspace) return seeOther('/dashboard/connections?error=access_denied&reason=state_mismatch', X_FLOW_COOKIE);
  const page = (query: string) => workspaceHref(workspace.slug, `/dashboard/connections?${query}`);
  const settings = readPlatformConfig().x;
  if (!settings?.oauth) return seeOther(page('x=not_configured'), X_FLOW_COOKIE);
  const result = await completeXConnection({ userId: workspace.id, cookie: request.cookies.get(X_FLOW_COOKIE)?.value, params: request.nextUrl.searchParams, settings });
  if (result.ok) await recordAudit({ workspaceId: workspace.id, actor: personActor(user), action: 'connection.connected', target: { kind: 'connection', id: 'x' }, ip: clientIp(request.headers) });
  return seeOther(page(`x=${result.ok ? 'connected' : result.reason}`), X_FLOW_COOKIE);
}

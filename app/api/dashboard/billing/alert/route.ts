import { jsonError } from '@/lib/auth/route-user';
import { routeWorkspace } from '@/lib/auth/route-workspace';
import { getBalanceStatus, setBalanceThreshold } from '@/lib/alerts/balance-alert';
import { personActor, recordAudit } from '@/lib/audit/record-audit';
import { clientIp } from '@/lib/auth/client-ip';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** Sets the low-balance alert threshold: { threshold } in credits, 0 for off. */
async function handlePatch(request: Request): Promise<Response> {
  const { user, workspace, response } = await routeWorkspace(request, 'billing.manage');
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const before = (await getBalanceStatus(workspace.id)).threshold;
  const result = await setBalanceThreshold(workspace.id, (body.body as { threshold?: unknown } | null)?.threshold);
  if (!result.ok) return jsonError(400, result.error, { threshold: result.error });
  if (result.status.threshold !== before) {
    const change = { action: 'billing.alert_changed', before: { threshold: before }, after: { threshold: result.status.threshold } };
    await recordAudit({ workspaceId: workspace.id, actor: personActor(user), ip: clientIp(request.headers), ...change });
  }
  return Response.json(result.status, { headers: { 'cache-control': 'no-store' } });
}

export const PATCH = dashboardRoute(handlePatch);

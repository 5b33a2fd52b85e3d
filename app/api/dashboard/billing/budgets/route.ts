import { jsonError } from '@/lib/auth/route-user';
import { routeWorkspace } from '@/lib/auth/route-workspace';
import { clientIp } from '@/lib/auth/client-ip';
import { personActor, recordAudit } from '@/lib/audit/record-audit';
import { workspaceBudgetsSchema } from '@/lib/budgets/budget-schema';
import { getWorkspaceBudgets, setWorkspaceBudgets } from '@/lib/budgets/workspace-budgets';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'cache-control': 'no-store' };

/** The workspace's budgets, time zone and alert percentages, with this period's spend (docs/budgets.md). */
async function handleGet(request: Request): Promise<Response> {
  const { workspace, response } = await routeWorkspace(request, 'billing.view');
  if (response) return response;
  const budgets = await getWorkspaceBudgets(workspace.id);
  if (!budgets) return jsonError(404, 'not found');
  return Response.json(budgets, { headers: NO_STORE });
}

/** Sets them all at once: { dailyBudget, monthlyBudget (credits, null for none), timeZone, alertPercents }. */
async function handlePut(request: Request): Promise<Response> {
  const { user, workspace, response } = await routeWorkspace(request, 'billing.manage');
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const parsed = workspaceBudgetsSchema.safeParse(body.body);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
    return jsonError(400, Object.values(errors)[0] ?? 'invalid budgets', errors);
  }
  const change = await setWorkspaceBudgets(workspace.id, parsed.data);
  if (!change) return jsonError(404, 'not found');
  if (JSON.stringify(change.before) !== JSON.stringify(change.after)) {
    await recordAudit({ workspaceId: workspace.id, actor: personActor(user), ip: clientIp(request.headers), action: 'budget.changed', target: { kind: 'workspace', id: workspace.id }, before: change.before, after: change.after });
  }
  return Response.json(await getWorkspaceBudgets(workspace.id), { headers: NO_STORE });
}

export const GET = dashboardRoute(handleGet);
export const PUT = dashboardRoute(handlePut);
export const POST = dashboardRoute(handlePut);

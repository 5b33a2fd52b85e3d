import { AuditFilterError, listAuditEvents, parseAuditFilters } from '@/lib/audit/list-audit-events';
import { jsonError } from '@/lib/auth/route-user';
import { routeWorkspace } from '@/lib/auth/route-workspace';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** A page of the workspace's audit log, newest first: `action`, `actor`, `target`, `from`, `to`, `q`, `cursor`, `limit`. */
async function handleGet(request: Request): Promise<Response> {
  const { workspace, response } = await routeWorkspace(request, 'audit.view');
  if (response) return response;
  try {
    const filters = parseAuditFilters(new URL(request.url).searchParams);
    return Response.json(await listAuditEvents(workspace.id, filters), { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    if (error instanceof AuditFilterError) return jsonError(400, error.message, { [error.field]: error.message });
    throw error;
  }
}

export const GET = dashboardRoute(handleGet);

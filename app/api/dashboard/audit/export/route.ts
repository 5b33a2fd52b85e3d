import { auditCsv } from '@/lib/audit/audit-csv';
import { AuditFilterError, parseAuditFilters } from '@/lib/audit/list-audit-events';
import { jsonError } from '@/lib/auth/route-user';
import { routeWorkspace } from '@/lib/auth/route-workspace';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** The workspace's audit log as CSV under the page's filters (`action`, `actor`, `target`, `from`, `to`, `q`): every matching line. */
async function handleGet(request: Request): Promise<Response> {
  const { workspace, response } = await routeWorkspace(request, 'audit.view');
  if (response) return response;
  const params = new URL(request.url).searchParams;
  // The export starts at the newest line whatever page the log showed.
  params.delete('cursor');
  params.delete('limit');
  try {
    const filters = parseAuditFilters(params);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(auditCsv(workspace.id, filters), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="perch-audit-${workspace.slug}-${day}.csv"`,
        'cache-control': 'no-store',
      },
    });
  } catch (error) {
    if (error instanceof AuditFilterError) return jsonError(400, error.message, { [error.field]: error.message });
    throw error;
  }
}

export const GET = dashboardRoute(handleGet);

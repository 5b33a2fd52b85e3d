import { jsonError } from '@/lib/auth/route-user';
import { routeWorkspace } from '@/lib/auth/route-workspace';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';
import { parseRequestLogFilters, RequestLogFilterError } from '@/lib/dashboard/request-log';
import { requestLogCsv } from '@/lib/dashboard/request-log-csv';

export const dynamic = 'force-dynamic';

/** The request log as CSV under the page's filters (`key`, `source`, `operation`, `status`, `within`, `from`, `to`): every matching call. */
async function handleGet(request: Request): Promise<Response> {
  const { workspace, response } = await routeWorkspace(request, 'usage.view');
  if (response) return response;
  const params = new URL(request.url).searchParams;
  // The export starts at the newest call whatever page the log showed.
  params.delete('cursor');
  params.delete('limit');
  try {
    const filters = parseRequestLogFilters(params);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(requestLogCsv(workspace.id, filters), {
      headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="perch-requests-${day}.csv"`, 'cache-control': 'no-store' },
    });
  } catch (error) {
    if (error instanceof RequestLogFilterError) return jsonError(400, error.message, { [error.field]: error.message });
    throw error;
  }
}

export const GET = dashboardRoute(handleGet);

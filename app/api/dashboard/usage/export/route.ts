import { jsonError } from '@/lib/auth/route-user';
import { routeWorkspace } from '@/lib/auth/route-workspace';
import { parseRange } from '@/lib/dashboard/days';
import { getUsage } from '@/lib/dashboard/get-usage';
import { operationsCsv, usageEventsCsv } from '@/lib/dashboard/usage-csv';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

function csvHeaders(filename: string): HeadersInit {
  return { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'no-store' };
}

/** CSV of the usage page's range: `kind=operations` (the table) or `kind=events` (every call). */
async function handleGet(request: Request): Promise<Response> {
  const { workspace, response } = await routeWorkspace(request, 'usage.view');
  if (response) return response;
  const params = new URL(request.url).searchParams;
  const range = parseRange(params.get('range'));
  const kind = params.get('kind');
  if (kind === 'operations') {
    const usage = await getUsage(workspace.id, range);
    return new Response(operationsCsv(usage.operations), { headers: csvHeaders(`perch-usage-by-operation-${range}d.csv`) });
  }
  if (kind === 'events') return new Response(usageEventsCsv(workspace.id, range), { headers: csvHeaders(`perch-usage-events-${range}d.csv`) });
  return jsonError(400, 'kind must be operations or events');
}

export const GET = dashboardRoute(handleGet);

import { routeWorkspace } from '@/lib/auth/route-workspace';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';
import { getMonitorTimeline } from '@/lib/dashboard/get-monitor-events';

export const dynamic = 'force-dynamic';

/**
 * One monitor's (or rule's) events, newest first, ?before=<event id> for older ones, with a
 * follows monitor's daily chart on the first page. Read from the database: watching is free.
 */
async function handleGet(request: Request, { params }: { params: Promise<{ ruleId: string }> }): Promise<Response> {
  const { workspace, response } = await routeWorkspace(request, 'rules.view');
  if (response) return response;
  const { ruleId } = await params;
  const before = new URL(request.url).searchParams.get('before') || null;
  if (before !== null && !/^\d{1,18}$/.test(before)) return Response.json({ error: 'before: an event id', errors: { before: 'an event id' } }, { status: 400, headers: { 'cache-control': 'no-store' } });
  const timeline = await getMonitorTimeline(workspace.id, ruleId, before);
  if (!timeline) return Response.json({ error: 'no such monitor in this workspace' }, { status: 404, headers: { 'cache-control': 'no-store' } });
  return Response.json(timeline, { headers: { 'cache-control': 'no-store' } });
}

export const GET = dashboardRoute(handleGet);

import { healthReport } from '@/lib/health/health-report';

export const dynamic = 'force-dynamic';

/**
 * Whether this instance can serve (a load balancer's health check; the dashboard's error page
 * asks it too): 503 with Retry-After while the database does not answer or a background loop
 * has been down for longer than its grace. `npm start` answers it in server.ts, where the loops
 * run; this route serves `next dev` and serverless hosts, which run none.
 */
export async function GET(): Promise<Response> {
  const report = await healthReport();
  return Response.json(report.body, { status: report.status, headers: report.headers });
}

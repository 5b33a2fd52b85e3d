import { healthReport } from '@/lib/health/health-report';
import type { RequestHandler } from './http-server';

/**
 * `GET /api/health` answered by the server process itself, where the background loops run and
 * report (the dashboard's Next.js process runs none of them); any other path under the prefix
 * goes on to `next`.
 */
export function healthRoute(next: RequestHandler): RequestHandler {
  return async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/api/health') return next(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', connection: 'close' }).end();
      return;
    }
    const report = await healthReport();
    const body = JSON.stringify(report.body);
    res.writeHead(report.status, { ...report.headers, 'content-length': Buffer.byteLength(body) });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

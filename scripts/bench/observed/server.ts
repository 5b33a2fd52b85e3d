// server.ts's /v2 path alone, for compare.ts: no dashboard process (so no Next.js build to wait
// for), no background loops. MODE=on turns metrics and the call log on as server.ts does; the
// file is named server.ts so that the logger writes asynchronously, as in the production server.
import { allowedMethodsAt, answerApiRequest } from '@/lib/api/dispatch';
import { sharedKeyChangeListener } from '@/lib/keys';
import { startCallLog } from '@/lib/observability/call-log';
import { startServerMetrics } from '@/lib/observability/start-metrics';
import { readServerConfig } from '@/lib/server/config';
import { createHttpServer, listen } from '@/lib/server/http-server';
import { metricsRoute, scrapeInstance } from '@/lib/server/metrics-route';
import { apiHandler } from '@/lib/server/web-adapter';

const on = process.env.MODE === 'on';
const config = readServerConfig();
const metrics = on ? startServerMetrics() : null;
sharedKeyChangeListener();
const scrape = metrics && scrapeInstance(metrics, async () => null);
const server = createHttpServer(
  [{ prefix: '/v2', handle: apiHandler(answerApiRequest) }, metricsRoute(on ? 'observed-bench-metrics-token' : null, scrape)],
  (_req, res) => {
    res.statusCode = 404;
    res.end();
  },
  { trustProxy: config.trustProxy, limits: config.httpLimits, allowedMethods: (path) => (/^\/v2(\/|\?|$)/i.test(path) ? allowedMethodsAt(path) : null) },
);
if (on) startCallLog();
void listen(server, config.port, '127.0.0.1').then(() => process.stderr.write('ready\n'));
// An orderly exit, so that --cpu-prof writes its profile.
process.on('SIGTERM', () => process.exit(0));

import crypto from 'node:crypto';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AggregatorRegistry } from 'prom-client';
import type { CollectedMetric } from '@/lib/observability/call-stats';
import type { PerchMetrics } from '@/lib/observability/metrics';
import { listen, type RequestHandler, type Route } from './http-server';

// GET /metrics (Prometheus text format): on the main port behind `Authorization: Bearer
// PERCH_METRICS_TOKEN`, and/or without a token on a listener of its own on 127.0.0.1:PERCH_METRICS_PORT
// (lib/observability/metrics-config.ts). The instance's figures are the server's merged with the
// dashboard process's (its playground and explorer calls), summed per series.

export type Scrape = () => Promise<{ contentType: string; body: string }>;

/** The instance's scrape: this process's registry, plus the dashboard's when it answers. */
export function scrapeInstance(metrics: PerchMetrics, dashboardMetrics: () => Promise<CollectedMetric[] | null>): Scrape {
  return async () => {
    const [own, dashboard] = await Promise.all([metrics.registry.getMetricsAsJSON(), dashboardMetrics()]);
    const merged = AggregatorRegistry.aggregate(dashboard ? [own, dashboard as unknown as typeof own] : [own]);
    return { contentType: metrics.registry.contentType, body: spelledNaN(await merged.metrics()) };
  };
}

function digest(value: string): Buffer {
  return crypto.createHash('sha256').update(value).digest();
}

/** Whether the request carries the token; compared in constant time (digests of equal length). */
function authorized(req: IncomingMessage, expected: Buffer): boolean {
  const header = req.headers.authorization ?? '';
  const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
  return crypto.timingSafeEqual(digest(given), expected) && given !== '';
}

function answer(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'no-store', ...headers });
  res.end(body);
}

async function serve(req: IncomingMessage, res: ServerResponse, scrape: Scrape): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return answer(res, 405, 'GET only\n', { allow: 'GET, HEAD' });
  const { contentType, body } = await scrape();
  res.writeHead(200, { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : body);
}

const isMetricsPath = (req: IncomingMessage) => (req.url ?? '/').split('?')[0].toLowerCase() === '/metrics';

/**
 * The main port's /metrics: behind the bearer token, or 404 when there is none (metrics off, or
 * served only on PERCH_METRICS_PORT): an instance without a token never shows its figures there.
 */
export function metricsRoute(token: string | null, scrape: Scrape | null): Route {
  const expected = token === null ? null : digest(token);
  const handle: RequestHandler = async (req, res) => {
    if (expected === null || scrape === null || !isMetricsPath(req)) return answer(res, 404, 'not found\n');
    if (!authorized(req, expected)) return answer(res, 401, 'send Authorization: Bearer <PERCH_METRICS_TOKEN>\n', { 'www-authenticate': 'Bearer realm="perch-metrics"' });
    await serve(req, res, scrape);
  };
  return { prefix: '/metrics', handle };
}

/** The listener on 127.0.0.1:`port` serving /metrics without a token (a local Prometheus agent). */
export async function listenForMetrics(port: number, scrape: Scrape): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (!isMetricsPath(req)) return answer(res, 404, 'not found: GET /metrics\n');
    serve(req, res, scrape).catch(() => {
      if (!res.headersSent) answer(res, 500, 'metrics failed\n');
      else res.destroy();
    });
  });
  await listen(server, port, '127.0.0.1', 'PERCH_METRICS_PORT');
  return server;
}

/**
 * prom-client writes a NaN sample (the event-loop lag before its first reading) as `Nan`; the
 * exposition format spells it `NaN`. Prometheus reads either, stricter scrapers only the latter.
 */
export function spelledNaN(text: string): string {
  return text.replace(/ Nan$/gm, ' NaN');
}

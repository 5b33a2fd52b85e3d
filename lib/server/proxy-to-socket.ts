import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { settledForwardedFor, type RequestHandler } from './http-server';

// Headers of one hop, never passed on (RFC 9110 7.6.1); node:http frames each side itself.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

function withoutHopByHop(raw: string[], drop?: string): string[] {
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (!HOP_BY_HOP.has(name) && name !== drop) kept.push(raw[i], raw[i + 1]);
  }
  return kept;
}

/** The request's headers for the next hop; X-Forwarded-For as this server settled it (http-server.ts), not as the client sent it. */
function forwardedHeaders(req: IncomingMessage): string[] {
  const headers = withoutHopByHop(req.rawHeaders, 'x-forwarded-for');
  const forwardedFor = settledForwardedFor(req);
  if (forwardedFor !== undefined) headers.push('X-Forwarded-For', forwardedFor);
  return headers;
}

/**
 * Passes requests on to a server listening on a Unix socket (the dashboard's process) and
 * streams its answers back as they come: bodies both ways, headers as sent (repeated ones
 * such as Set-Cookie kept), the hop-by-hop ones dropped. When that server is not there the
 * client gets a 503 saying so; a client that leaves cancels the request it made.
 */
export function proxyToSocket(socketPath: () => string | null): RequestHandler {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = socketPath();
    if (!path) return unavailable(res);
    const upstream = http.request({ socketPath: path, agent, method: req.method, path: req.url, headers: forwardedHeaders(req) }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, withoutHopByHop(answer.rawHeaders));
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', () => {
      if (!res.headersSent) unavailable(res);
      else res.destroy();
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  };
}

function unavailable(res: ServerResponse): void {
  const body = 'The dashboard is starting or restarting: reload in a few seconds.\n';
  res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(body), 'retry-after': '2', 'cache-control': 'no-store' });
  res.end(body);
}

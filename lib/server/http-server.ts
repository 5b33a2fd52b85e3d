import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StartupError } from '@/lib/db/startup-error';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

export type Route = { prefix: string; handle: RequestHandler };

/**
 * The production HTTP server: requests whose path starts with a route's prefix go to that
 * route's handler (the /v2 fast path), everything else to Next.js.
 */
export function createHttpServer(routes: Route[], fallback: RequestHandler, { trustProxy = false } = {}): http.Server {
  const server = http.createServer((req, res) => {
    // Per-IP limits (sign-in) read X-Forwarded-For; unless a trusted proxy sets it, a client
    // could send any value, so it is replaced by the socket's address.
    if (!trustProxy) req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    const url = req.url ?? '/';
    const route = routes.find((r) => url === r.prefix || url.startsWith(`${r.prefix}/`) || url.startsWith(`${r.prefix}?`));
    Promise.resolve((route?.handle ?? fallback)(req, res)).catch((error: unknown) => {
      console.error('[http] unhandled error', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('internal error');
    });
  });
  server.keepAliveTimeout = 65_000;
  return server;
}

/** Starts listening, turning "port in use" into a one-line fix. */
export async function listen(server: http.Server, port: number, host: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new StartupError(`port ${port} is in use: stop what holds it or set PORT to a free port`));
      else if (error.code === 'EACCES') reject(new StartupError(`no permission to listen on port ${port}: set PORT to a port above 1023`));
      else reject(error);
    });
    server.listen(port, host, () => resolve());
  });
}

/** Fails with a one-line fix when the port cannot be listened on, before any slow start-up work. */
export async function assertPortAvailable(port: number, host: string): Promise<void> {
  const probe = http.createServer();
  await listen(probe, port, host);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

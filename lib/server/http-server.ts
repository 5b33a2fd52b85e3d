import { componentLogger } from '@/lib/observability/logger';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { newRequestId } from '@/lib/api/request-id';
import { StartupError } from '@/lib/db/startup-error';
import { capConnectionsPerAddress } from './cap-connections-per-address';

const log = componentLogger('http');

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

export type Route = { prefix: string; handle: RequestHandler };

/** Bounds on what one client can hold: see README, Configuration. */
export type HttpLimits = {
  /** Time a client has to send a request's headers (slow-header clients are cut off after it). */
  headersTimeoutMs: number;
  /** Time a client has to send a whole request, body included. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open (above a load balancer's idle timeout). */
  keepAliveTimeoutMs: number;
  /** Open connections at most; past 80 % of it, idle keep-alive connections are closed first. */
  maxConnections: number;
  /**
   * Open connections one client address (the socket's: an IPv4 address or an IPv6 /64) may hold;
   * past it a connection is answered 429 too_many_connections and closed. 0: no cap.
   */
  maxConnectionsPerAddress: number;
};

export const DEFAULT_HTTP_LIMITS: HttpLimits = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 65_000, maxConnections: 2_000, maxConnectionsPerAddress: 256 };

type ServerOptions = {
  trustProxy?: boolean;
  limits?: Partial<HttpLimits>;
  /** The methods served at a path, for the Allow header of a 405 to a method node:http cannot parse. */
  allowedMethods?: (path: string) => string[] | null;
};

const COMMON_METHODS = ['GET', 'HEAD', 'POST', 'DELETE'];

/**
 * The production HTTP server: requests whose path starts with a route's prefix (in any case:
 * `/V2` is the API too) go to that route's handler (the /v2 fast path), everything else to Next.js.
 */
export function createHttpServer(routes: Route[], fallback: RequestHandler, { trustProxy = false, limits: given = {}, allowedMethods = () => null }: ServerOptions = {}): http.Server {
  const limits = { ...DEFAULT_HTTP_LIMITS, ...given };
  const prefixes = routes.map((route) => ({ route, lower: route.prefix.toLowerCase() }));
  let overCap: ((socket: Socket) => boolean) | null = null;
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // How often the two timeouts above are checked (Node's default, 30 s, would let a
      // slow-header client hold its connection that much longer).
      connectionsCheckingInterval: Math.max(250, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    (req, res) => {
      if (overCap?.(req.socket)) return refuseConnection(res, limits.maxConnectionsPerAddress);
      // Per-IP limits (sign-in) read X-Forwarded-For; unless a trusted proxy sets it, a client
      // could send any value, so it is replaced by the socket's address.
      if (!trustProxy) req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
      const route = routeOf(prefixes, req.url ?? '/');
      Promise.resolve((route?.handle ?? fallback)(req, res)).catch((error: unknown) => {
        log.error({ err: error, method: req.method, path: (req.url ?? '/').split('?')[0] }, 'unhandled error');
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('internal error');
      });
    },
  );
  server.maxConnections = limits.maxConnections;
  // The socket's address is the only one a connection can be told by (X-Forwarded-For comes
  // per request, on connections a proxy shares between its clients): behind a trusted proxy
  // every connection is the proxy's, and the cap is set off or high (README, Configuration).
  if (limits.maxConnectionsPerAddress > 0) overCap = capConnectionsPerAddress(server, limits.maxConnectionsPerAddress, Math.min(2_000, limits.headersTimeoutMs));
  boundIdleConnections(server, Math.floor(limits.maxConnections * 0.8));
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => answerClientError(error, socket, allowedMethods));
  // node:http hands CONNECT to this event instead of the request handler; without a
  // listener it drops the connection without a word. Perch is no proxy: 405.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => answerOnSocket(socket, 405, 'method_not_allowed', 'CONNECT is not supported: Perch is not a proxy'));
  return server;
}

/**
 * X-Forwarded-For as this server settled it (the socket's address unless a proxy is trusted),
 * for whatever reads the request's headers afterwards instead of the raw ones the client sent.
 */
export function settledForwardedFor(req: IncomingMessage): string | undefined {
  const value = req.headers['x-forwarded-for'];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The route whose prefix (in any case) starts the URL's path, followed by `/`, `?` or nothing. */
function routeOf(prefixes: Array<{ route: Route; lower: string }>, url: string): Route | undefined {
  for (const { route, lower } of prefixes) {
    if (url.length < lower.length || url.slice(0, lower.length).toLowerCase() !== lower) continue;
    const next = url[lower.length];
    if (next === undefined || next === '/' || next === '?') return route;
  }
  return undefined;
}

/**
 * Idle keep-alive connections cost a socket each; when open connections pass the soft limit,
 * the idle ones (between two requests; clients reconnect transparently) are closed so that
 * new clients are still accepted below maxConnections. Connections that never sent a request
 * are not idle in this sense: headersTimeout ends them. node:http's closeIdleConnections()
 * is not used because it also counts the connection just accepted as idle.
 */
function boundIdleConnections(server: http.Server, softLimit: number): void {
  let open = 0;
  const idle = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open += 1;
    socket.once('close', () => {
      open -= 1;
      idle.delete(socket);
    });
    if (open <= softLimit) return;
    for (const waiting of idle) {
      idle.delete(waiting);
      waiting.destroy();
    }
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    idle.delete(socket);
    res.once('finish', () => {
      if (!socket.destroyed && res.shouldKeepAlive) idle.add(socket);
    });
  });
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'invalid_request', 'request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'invalid_request', 'the request was not received in time'],
};

/**
 * What node:http cannot parse (an unknown method, a bad header, headers too large, a request
 * that came too slowly) gets an answer in the API's error shape instead of a bare status line,
 * then the connection closes: after a parse error the stream cannot be trusted.
 */
function answerClientError(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex, allowedMethods: (path: string) => string[] | null): void {
  // An answer already under way on this socket cannot be replaced by another one.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  // A method the parser does not know (TRACK, FOO): a 405 like any method the API does not
  // take. The packet may start with an earlier request of the connection (whose body was not
  // framed): only a request line with an unknown method names the culprit.
  const [method = '', path = '', version = ''] = (error.rawPacket?.subarray(0, 4096).toString('latin1') ?? '').split('\r\n')[0].split(' ');
  if (error.code === 'HPE_INVALID_METHOD' && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(method) && !http.METHODS.includes(method) && path.startsWith('/') && version.startsWith('HTTP/')) {
    const allow = (allowedMethods(path) ?? COMMON_METHODS).join(', ');
    answerOnSocket(socket, 405, 'method_not_allowed', `${method.slice(0, 20)} is not a method this server takes; ${path.slice(0, 200)} takes ${allow}`, { allow });
    return;
  }
  const [status, code, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'invalid_request', 'the request is not valid HTTP/1.1'];
  answerOnSocket(socket, status, code, message);
}

/**
 * The answer to a request on a connection past its address's cap: a 429 in the API's error
 * shape, then the connection closes, so the client learns why (a reset would look like a network
 * fault, retried at once) and its other connections keep working.
 */
function refuseConnection(res: ServerResponse, limit: number): void {
  const requestId = newRequestId();
  const body = JSON.stringify({
    error: { code: 'too_many_connections', message: `this address already holds ${limit} open connections to this server, its most: reuse them, or close some before opening more`, details: { limit } },
    meta: { request_id: requestId, latency_ms: 0 },
  });
  res.writeHead(429, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'x-request-id': requestId,
    'cache-control': 'no-store',
    'retry-after': '1',
    connection: 'close',
  });
  res.end(body);
}

/** Writes one error answer straight to the socket, then closes it (lingering briefly so the client can read it). */
function answerOnSocket(socket: Duplex, status: number, code: string, message: string, extraHeaders: Record<string, string> = {}): void {
  const requestId = newRequestId();
  const body = JSON.stringify({ error: { code, message }, meta: { request_id: requestId, latency_ms: 0 } });
  const extra = Object.entries(extraHeaders).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${requestId}\r\nCache-Control: no-store\r\n${extra}Connection: close\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), 2_000).unref();
}

/** Starts listening, turning "port in use" into a one-line fix naming the setting that chose the port. */
export async function listen(server: http.Server, port: number, host: string, setting = 'PORT'): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new StartupError(`port ${port} is in use: stop what holds it or set ${setting} to a free port`));
      else if (error.code === 'EACCES') reject(new StartupError(`no permission to listen on port ${port}: set ${setting} to a port above 1023`));
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

import { Readable } from 'node:stream';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from './http-server';

function toWebRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  // The server replaced X-Forwarded-For by the socket's address unless a proxy is trusted
  // (http-server.ts); per-IP limits must read that value, not the one the client sent.
  const forwardedFor = req.headers['x-forwarded-for'];
  if (forwardedFor !== undefined) headers.set('x-forwarded-for', Array.isArray(forwardedFor) ? forwardedFor.join(', ') : forwardedFor);
  const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    // @ts-expect-error duplex is required by Node's fetch for streamed bodies but missing from the DOM types
    duplex: hasBody ? 'half' : undefined,
  });
}

/** Serves a Web `Request → Response` function (lib/api's dispatch) on node:http. */
export function webHandler(handle: (request: Request) => Promise<Response>): RequestHandler {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const response = await handle(toWebRequest(req));
    const headers: Record<string, string | string[]> = {};
    response.headers.forEach((value, key) => {
      headers[key] = value;
    });
    const body = Buffer.from(await response.arrayBuffer());
    headers['content-length'] = String(body.length);
    res.writeHead(response.status, headers);
    res.end(body);
  };
}

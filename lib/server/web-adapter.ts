import { Readable } from 'node:stream';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from './http-server';

function toWebRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    // Aborted when the client goes away, so that a stream (GET /v2/stream) stops at once.
    signal,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    // @ts-expect-error duplex is required by Node's fetch for streamed bodies but missing from the DOM types
    duplex: hasBody ? 'half' : undefined,
  });
}

/** Serves a Web `Request → Response` function (lib/api's dispatch) on node:http. */
export function webHandler(handle: (request: Request) => Promise<Response>): RequestHandler {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const gone = new AbortController();
    res.on('close', () => gone.abort());
    const response = await handle(toWebRequest(req, gone.signal));
    const headers: Record<string, string | string[]> = {};
    response.headers.forEach((value, key) => {
      headers[key] = value;
    });
    if (response.body && response.headers.get('content-type')?.startsWith('text/event-stream')) {
      // An event stream is written as it is produced, never buffered.
      res.writeHead(response.status, headers);
      res.flushHeaders();
      Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>)
        .on('error', () => res.destroy())
        .pipe(res);
      return;
    }
    const body = Buffer.from(await response.arrayBuffer());
    headers['content-length'] = String(body.length);
    res.writeHead(response.status, headers);
    res.end(body);
  };
}

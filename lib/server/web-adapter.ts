import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline, Readable } from 'node:stream';
import type { ApiRequest, ApiRequestHeaders } from '@/lib/api/api-request';
import type { DispatchOptions } from '@/lib/api/dispatch';
import { ApiError } from '@/lib/api/errors';
import { isJsonAnswer, type ApiAnswer } from '@/lib/api/serialized-response';
import { settledForwardedFor, type RequestHandler } from './http-server';
import { closeAfterResponse, drainBody, readBodyUpTo } from './unread-body';

// Methods a Web Request cannot be built with (fetch forbids them); dispatch is told the real
// one beside a stand-in Request, so that they get the same 405 as any other wrong method.
const FORBIDDEN_BY_FETCH = new Set(['CONNECT', 'TRACE', 'TRACK']);

// A body left unread when the answer is ready (a 413, a 401 before the body was looked at)
// is read and thrown away up to this size, so that the connection can stay open; beyond it
// the answer says `Connection: close` instead.
export const DRAIN_LIMIT_BYTES = 1024 * 1024;

/** Where a binding-side fallback origin is needed: dispatch refuses the Host header itself. */
const FALLBACK_ORIGIN = 'http://host.invalid';

function urlOf(req: IncomingMessage): URL {
  const path = req.url ?? '/';
  try {
    const url = new URL(path, `http://${req.headers.host ?? 'localhost'}`);
    // A Request refuses credentials in its URL, which a Host such as `u@evil` puts there.
    if (!url.username && !url.password) return url;
  } catch {
    // A Host no URL can be built with (`[`, `localhost:99999`).
  }
  // dispatch still sees the Host header and answers it with a 400.
  return new URL(path, FALLBACK_ORIGIN);
}

/**
 * The request body as a Web stream that reads from the socket only when asked. Unlike
 * Readable.toWeb, cancelling it does not destroy the request (which resets the connection):
 * it stops reading and leaves the rest to drainBody.
 */
function bodyOf(req: IncomingMessage): ReadableStream<Uint8Array> {
  let detach = () => {};
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        return new Promise<void>((resolve, reject) => {
          const settle = (action: () => void) => {
            detach();
            action();
            resolve();
          };
          const onReadable = () => tryRead();
          const onEnd = () => settle(() => controller.close());
          const onClose = () => {
            if (req.complete) return settle(() => controller.close());
            detach();
            reject(incompleteBody());
          };
          const tryRead = () => {
            const chunk = req.read() as Buffer | null;
            if (chunk !== null) settle(() => controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
            else if (req.readableEnded) settle(() => controller.close());
          };
          detach = () => {
            req.off('readable', onReadable);
            req.off('end', onEnd);
            req.off('close', onClose);
            req.off('error', onClose);
          };
          req.on('readable', onReadable);
          req.on('end', onEnd);
          req.on('close', onClose);
          req.on('error', onClose);
          tryRead();
        });
      },
      cancel() {
        detach();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * The body in one piece, read from the request as it arrives; null once it passes `limit`
 * (reading stops and the rest is left to drainBody, as a cancelled stream leaves it).
 */
async function readWholeBody(req: IncomingMessage, limit: number): Promise<Uint8Array | null> {
  const chunks: Buffer[] = [];
  const outcome = await readBodyUpTo(req, limit, (chunk) => chunks.push(chunk));
  if (outcome === 'over') return null;
  if (outcome === 'gone') throw incompleteBody();
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

function incompleteBody(): ApiError {
  return new ApiError('invalid_request', 'the request body ended before it was complete', [{ path: 'body', message: 'incomplete' }]);
}

/**
 * The request's headers as the API reads them, over the raw headers node:http parsed:
 * names case-insensitive, repeated headers joined with ", " as a Web Headers object joins them.
 * A class rather than an object of closures: it runs for every request, and per-request
 * closures were a visible share of the binding's allocations.
 */
class NodeRequestHeaders implements ApiRequestHeaders {
  private byName: Map<string, string> | undefined;

  constructor(private readonly req: IncomingMessage) {}

  get(name: string): string | null {
    return this.table().get(name.toLowerCase()) ?? null;
  }

  has(name: string): boolean {
    return this.table().has(name.toLowerCase());
  }

  private table(): Map<string, string> {
    if (this.byName) return this.byName;
    const byName = new Map<string, string>();
    const raw = this.req.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i].toLowerCase();
      const previous = byName.get(name);
      byName.set(name, previous === undefined ? raw[i + 1] : `${previous}, ${raw[i + 1]}`);
    }
    // The server replaced X-Forwarded-For by the socket's address unless a proxy is trusted
    // (http-server.ts); per-IP limits must read that value, not the one the client sent.
    const forwardedFor = settledForwardedFor(this.req);
    if (forwardedFor !== undefined) byName.set('x-forwarded-for', forwardedFor);
    this.byName = byName;
    return byName;
  }
}

/** The request as the API reads it; its body stream and abort signal are made only when asked for. */
class NodeApiRequest implements ApiRequest {
  readonly method: string;
  readonly url: string;
  readonly parsedUrl: URL;
  readonly headers: ApiRequestHeaders;
  private readonly hasBody: boolean;
  private stream: ReadableStream<Uint8Array> | null | undefined;
  private gone: AbortController | undefined;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    forbidden: boolean,
  ) {
    const method = req.method ?? 'GET';
    // The same stand-in a Web Request would need, so both bindings answer these alike.
    this.method = forbidden ? 'GET' : method;
    // GET and HEAD carry no body for the API; dispatch sees their framing headers and refuses one.
    this.hasBody = !forbidden && method !== 'GET' && method !== 'HEAD';
    this.parsedUrl = urlOf(req);
    this.url = this.parsedUrl.href;
    this.headers = new NodeRequestHeaders(req);
  }

  readBody(limit: number): Promise<Uint8Array | null> {
    return this.hasBody ? readWholeBody(this.req, limit) : Promise.resolve(new Uint8Array());
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.stream === undefined) this.stream = this.hasBody ? bodyOf(this.req) : null;
    return this.stream;
  }

  get signal(): AbortSignal {
    if (!this.gone) {
      const controller = new AbortController();
      this.gone = controller;
      // Only a client that leaves before the answer was written aborts (a stream stops at once).
      if (this.req.socket.destroyed) controller.abort();
      else this.res.on('close', () => this.res.writableFinished || controller.abort());
    }
    return this.gone.signal;
  }
}

const NO_OPTIONS: DispatchOptions = {};

function toApiRequest(req: IncomingMessage, res: ServerResponse): { request: ApiRequest; options: DispatchOptions } {
  const forbidden = FORBIDDEN_BY_FETCH.has(req.method ?? 'GET');
  return { request: new NodeApiRequest(req, res, forbidden), options: forbidden ? { method: req.method } : NO_OPTIONS };
}

/** Serves the API's answers (lib/api's answerApiRequest) on node:http. */
export function apiHandler(answer: (request: ApiRequest, options?: DispatchOptions) => Promise<ApiAnswer>): RequestHandler {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const { request, options } = toApiRequest(req, res);
    const result = await answer(request, options);
    // A JSON answer's headers are built for this call alone (envelope.ts): written as they are.
    if (isJsonAnswer(result)) return writeAnswer(req, res, result.status, result.headers, result.body);
    const headers: Record<string, string | string[]> = {};
    result.headers.forEach((value, key) => {
      headers[key] = value;
    });
    if (result.body && result.headers.get('content-type')?.startsWith('text/event-stream')) {
      // An event stream is written as it is produced, never buffered.
      res.writeHead(result.status, headers);
      res.flushHeaders();
      Readable.fromWeb(result.body as import('node:stream/web').ReadableStream<Uint8Array>)
        .on('error', () => res.destroy())
        .pipe(res);
      return;
    }
    if (result.body && result.headers.has('content-disposition')) {
      // A file (an export's download) is streamed as the socket takes it, never held whole;
      // a client that leaves (or a read that fails) ends both sides, closing the file.
      res.writeHead(result.status, headers);
      pipeline(Readable.fromWeb(result.body as import('node:stream/web').ReadableStream<Uint8Array>), res, (error) => {
        if (error) res.destroy();
      });
      return;
    }
    await writeAnswer(req, res, result.status, headers, Buffer.from(await result.arrayBuffer()));
  };
}

/**
 * Writes a whole answer, its length set, after dealing with a request body left unread. A
 * string body goes out in one write with the head (node:http joins them).
 */
async function writeAnswer(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string | string[]>, body: Buffer | string): Promise<void> {
  // HEAD keeps the length GET would have had (set by the handler); node:http sends no body for it.
  if (req.method !== 'HEAD' || headers['content-length'] === undefined) headers['content-length'] = String(Buffer.byteLength(body));
  // The answer is ready before the client finished sending: read the rest (up to a bound)
  // so the connection can take the next request, or say it closes and close it cleanly.
  if (!req.complete && !(await drainBody(req, DRAIN_LIMIT_BYTES))) closeAfterResponse(req, res);
  res.writeHead(status, headers);
  res.end(body);
}

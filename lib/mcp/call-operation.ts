import type { ApiRequest, ApiRequestHeaders } from '@/lib/api/api-request';
import type { Caller, Operation } from '@/lib/api/define-operation';
import { answerApiRequest, type DispatchOptions } from '@/lib/api/dispatch';
import { isJsonAnswer } from '@/lib/api/serialized-response';
import { IDEMPOTENCY_ARGUMENT, toolInputOf } from './input-schema';
import type { Platform } from '@/lib/platform/platform';

// Every tool call is a /v2 call: the arguments become the operation's request (path parameters
// substituted, the rest in the query string or the JSON body) and go through answerApiRequest
// with the MCP request's caller, so that validation, charging, usage, the request log (source
// mcp), idempotency and platform selection are those of /v2, unchanged.

/** What the /v2 call answered: its envelope, parsed. */
export type OperationAnswer =
  | { ok: true; status: number; data: unknown; meta: Record<string, unknown> }
  | { ok: false; status: number; error: { code: string; message: string; details?: unknown }; meta: Record<string, unknown> };

/** Headers of a request built here: a plain map of lower-case names. */
class PlainHeaders implements ApiRequestHeaders {
  constructor(private readonly values: Map<string, string>) {}
  get(name: string): string | null {
    return this.values.get(name.toLowerCase()) ?? null;
  }
  has(name: string): boolean {
    return this.values.has(name.toLowerCase());
  }
}

const NEVER_ABORTED = new AbortController().signal;

/** A /v2 request made in-process: its body already in hand, read whole (never as a stream). */
class SyntheticRequest implements ApiRequest {
  readonly url: string;
  readonly headers: ApiRequestHeaders;
  private stream: ReadableStream<Uint8Array> | null | undefined;

  constructor(
    readonly method: string,
    readonly parsedUrl: URL,
    headers: Map<string, string>,
    private readonly bytes: Uint8Array | null,
    readonly signal: AbortSignal,
  ) {
    this.url = parsedUrl.href;
    this.headers = new PlainHeaders(headers);
  }

  readBody(limit: number): Promise<Uint8Array | null> {
    const bytes = this.bytes ?? new Uint8Array();
    return Promise.resolve(bytes.byteLength > limit ? null : bytes);
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.stream === undefined) {
      const bytes = this.bytes;
      this.stream = bytes ? new ReadableStream({ start: (controller) => (controller.enqueue(bytes), controller.close()) }) : null;
    }
    return this.stream;
  }
}

export type CallContext = {
  caller: Caller;
  /** The platform the MCP request asked for (its Perch-Platform header), passed on to each call. */
  platformHeader: string | null;
  /** The origin the MCP request came to: the synthetic request's URL and Host. */
  origin: string;
  signal?: AbortSignal;
  /** For tests: as DispatchOptions. */
  dispatch?: Omit<DispatchOptions, 'caller'>;
};

/** Turns tool arguments into the operation's /v2 request. */
export function requestFor(operation: Operation, platform: Platform, args: Record<string, unknown>, context: CallContext): ApiRequest {
  const { pathParams } = toolInputOf(operation, platform.syntax);
  const headers = new Map<string, string>();
  const url = new URL(context.origin);
  headers.set('host', url.host);
  if (context.platformHeader) headers.set('perch-platform', context.platformHeader);
  let path = operation.path;
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined) continue;
    if (pathParams.includes(name)) path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
    else if (name === IDEMPOTENCY_ARGUMENT && operation.scope === 'write') headers.set('idempotency-key', String(value));
    else fields[name] = value;
  }
  url.pathname = path;
  let bytes: Uint8Array | null = null;
  // Operations with a body take every field there; the others (GETs, DELETEs, body-less POSTs
  // such as likeTweet) in the query string, max_credits included (lib/api/charge.ts).
  if (operation.body) {
    if (Object.keys(fields).length > 0) {
      bytes = new TextEncoder().encode(JSON.stringify(fields));
      headers.set('content-type', 'application/json');
      headers.set('content-length', String(bytes.byteLength));
    }
  } else {
    for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return new SyntheticRequest(operation.method, url, headers, bytes, context.signal ?? NEVER_ABORTED);
}

/** The path parameters the arguments lack, if any. */
export function missingPathParams(operation: Operation, platform: Platform, args: Record<string, unknown>): string[] {
  return toolInputOf(operation, platform.syntax).pathParams.filter((name) => args[name] === undefined || args[name] === null || args[name] === '');
}

/** Runs the operation as the caller, through /v2's own pipeline, with source `mcp`. */
export async function callOperation(operation: Operation, platform: Platform, args: Record<string, unknown>, context: CallContext): Promise<OperationAnswer> {
  const request = requestFor(operation, platform, args, context);
  const answer = await answerApiRequest(request, { ...context.dispatch, caller: { ...context.caller, source: 'mcp' } });
  // Tools are only the operations answering the JSON envelope (tool-catalog.ts).
  const text = isJsonAnswer(answer) ? answer.body : await answer.text();
  const parsed = JSON.parse(text) as { data?: unknown; meta?: Record<string, unknown>; error?: { code: string; message: string; details?: unknown } };
  if (parsed.error) return { ok: false, status: answer.status, error: parsed.error, meta: parsed.meta ?? {} };
  return { ok: true, status: answer.status, data: parsed.data, meta: parsed.meta ?? {} };
}

import type { BuiltRequest } from './build-request';
import { ConnectionError, PerchError, TimeoutError, errorForStatus } from './errors';
import { parseRetryAfter, retryDelayMs, sleep } from './retry-policy';
import type { AttemptOutcome } from './retry-policy';

/** The fetch the client calls: the global one, or a wrapper (logging, tests, a proxy agent). */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export type SendOptions = {
  fetch: FetchLike;
  maxRetries: number;
  timeoutMs: number;
  signal?: AbortSignal;
};

/** A success envelope, not yet narrowed to one operation's types. */
export type Envelope = { data: unknown; meta: Record<string, unknown> };

type Answer = { kind: 'answer'; response: Response; text: string };
type Attempt = Answer | { kind: 'network'; error: unknown } | { kind: 'timeout' };

/** One attempt: fetch and read the body, both within timeoutMs; the caller's abort is thrown as is. */
async function attempt(request: BuiltRequest, options: SendOptions): Promise<Attempt> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    options.signal?.throwIfAborted();
    const response = await options.fetch(request.url, { ...request.init, signal: controller.signal });
    return { kind: 'answer', response, text: await response.text() };
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    return timedOut ? { kind: 'timeout' } : { kind: 'network', error };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // a proxy's HTML error page, say: reported as invalid_response below
  }
}

function errorCodeOf(text: string): string | undefined {
  return (parseJson(text) as { error?: { code?: string } } | undefined)?.error?.code;
}

function outcomeOf(result: Attempt): AttemptOutcome {
  if (result.kind !== 'answer') return result;
  return { kind: 'status', status: result.response.status, retryAfterMs: parseRetryAfter(result.response.headers.get('retry-after')), code: errorCodeOf(result.text) ?? null };
}

function requestLabel(request: BuiltRequest): string {
  return `${request.init.method} ${request.url}`;
}

/** The typed error for an attempt that failed for good. */
function errorOf(result: Attempt, request: BuiltRequest, timeoutMs: number): PerchError {
  if (result.kind === 'timeout') {
    return new TimeoutError({ status: null, code: 'timeout', message: `no answer to ${requestLabel(request)} within ${timeoutMs} ms` });
  }
  if (result.kind === 'network') {
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    return new ConnectionError({ status: null, code: 'connection_error', message: `${requestLabel(request)} failed: ${reason}`, cause: result.error });
  }
  return errorOfAnswer(result.response, result.text, requestLabel(request));
}

/** The typed error for an HTTP error answer and its body's text; `label` names the request in messages. */
export function errorOfAnswer(response: Response, text: string, label: string): PerchError {
  const body = parseJson(text) as { error?: { code?: string; message?: string; details?: unknown }; meta?: { request_id?: string } } | undefined;
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  const common = {
    status: response.status,
    details: body?.error?.details,
    requestId: response.headers.get('x-request-id') ?? body?.meta?.request_id ?? null,
    headers: response.headers,
    retryAfter: retryAfterMs === null ? null : retryAfterMs / 1000,
  };
  if (!body?.error?.code) {
    return errorForStatus({ ...common, code: 'invalid_response', message: `${label} answered HTTP ${response.status}: ${text.slice(0, 200)}` });
  }
  return errorForStatus({ ...common, code: body.error.code as PerchError['code'], message: body.error.message ?? `HTTP ${response.status}` });
}

function envelopeOf(answer: Answer, request: BuiltRequest): Envelope {
  const body = parseJson(answer.text) as Partial<Envelope> | undefined;
  if (body && 'data' in body && body.meta && typeof body.meta === 'object') return { data: body.data, meta: body.meta };
  throw new PerchError({
    status: answer.response.status,
    code: 'invalid_response',
    message: `${requestLabel(request)} answered ${answer.response.status} without a { data, meta } envelope: ${answer.text.slice(0, 200)}`,
    requestId: answer.response.headers.get('x-request-id'),
    headers: answer.response.headers,
  });
}

/**
 * Sends a built request, retrying what may be retried (retry-policy.ts) and waiting
 * Retry-After or a backoff in between; resolves to the success envelope or throws a PerchError.
 */
export async function sendRequest(request: BuiltRequest, options: SendOptions): Promise<Envelope> {
  for (let retry = 0; ; retry++) {
    const result = await attempt(request, options);
    if (result.kind === 'answer' && result.response.ok) return envelopeOf(result, request);
    // A wrong key, or a request the upstream will never accept, is not retried (NEVER_RETRIED_CODES).
    const delay = retryDelayMs(outcomeOf(result), { retry, maxRetries: options.maxRetries, idempotent: request.idempotent });
    if (delay === null) throw errorOf(result, request, options.timeoutMs);
    await sleep(delay, options.signal);
  }
}

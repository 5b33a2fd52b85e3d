import type { ClientConfig } from './build-request';
import { ConnectionError, TimeoutError } from './errors';
import { parseRetryAfter, retryDelayMs, sleep } from './retry-policy';
import { errorOfAnswer, type FetchLike } from './send-request';

export type OpenOptions = {
  fetch: FetchLike;
  maxRetries: number;
  /** Longest wait for the answer's headers; the body is then the caller's to read, for as long as it takes. */
  timeoutMs: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/**
 * A GET whose answer is not the JSON envelope (an export's file, an event stream): resolves to
 * the Response once a 2xx arrives, its body unread; retried as any read is (429, 5xx, network,
 * no headers within timeoutMs); an error answer becomes the client's typed error. The caller's
 * signal keeps aborting the body after the promise resolved.
 */
export async function openResponse(config: ClientConfig, path: string, options: OpenOptions): Promise<Response> {
  const url = `${config.baseUrl}${path}`;
  const label = `GET ${url}`;
  const headers = new Headers({ accept: '*/*' });
  if (config.apiKey !== null) headers.set('authorization', `Bearer ${config.apiKey}`);
  for (const [name, value] of Object.entries(config.headers)) headers.set(name, value);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  for (let retry = 0; ; retry++) {
    options.signal?.throwIfAborted();
    const controller = new AbortController();
    const forwardAbort = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', forwardAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
    let outcome: Parameters<typeof retryDelayMs>[0];
    let failure: Error;
    try {
      const init: RequestInit = { method: 'GET', headers, signal: controller.signal };
      if (config.credentials) init.credentials = config.credentials;
      const response = await options.fetch(url, init);
      clearTimeout(timer);
      if (response.ok) return response;
      options.signal?.removeEventListener('abort', forwardAbort);
      const text = await response.text();
      const answerError = errorOfAnswer(response, text, label);
      failure = answerError;
      outcome = { kind: 'status', status: response.status, retryAfterMs: parseRetryAfter(response.headers.get('retry-after')), code: answerError.code };
    } catch (error) {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', forwardAbort);
      if (options.signal?.aborted) throw options.signal.reason;
      outcome = timedOut ? { kind: 'timeout' } : { kind: 'network' };
      failure = timedOut
        ? new TimeoutError({ status: null, code: 'timeout', message: `no answer to ${label} within ${options.timeoutMs} ms` })
        : new ConnectionError({ status: null, code: 'connection_error', message: `${label} failed: ${error instanceof Error ? error.message : String(error)}`, cause: error });
    }
    const delay = retryDelayMs(outcome, { retry, maxRetries: options.maxRetries, idempotent: true });
    if (delay === null) throw failure;
    await sleep(delay, options.signal);
  }
}

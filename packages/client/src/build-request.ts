import { newIdempotencyKey } from './idempotency-key';
import type { Route } from './routes';
import { pathParamNames } from './routes';

/** What the caller may set per call, on top of the client's options. */
export type RequestOptions = {
  /** Aborts the call (and any wait between retries); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Overrides the client's timeoutMs for this call's attempts. */
  timeoutMs?: number;
  /** Overrides the client's maxRetries for this call. */
  maxRetries?: number;
  /** Extra headers for this call; they win over the client's. */
  headers?: Record<string, string>;
  /**
   * Writes only: the Idempotency-Key to send. By default every write gets a fresh random key,
   * kept across the call's retries; pass your own to make a retry across restarts safe, or
   * null to send none (then a write is never retried after a 5xx or network failure).
   */
  idempotencyKey?: string | null;
};

/** How the client reaches the API, from its options. */
export type ClientConfig = {
  baseUrl: string;
  /** null sends no Authorization header (a dashboard session authenticates instead). */
  apiKey: string | null;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
};

export type BuiltRequest = { url: string; init: RequestInit & { headers: Headers }; idempotent: boolean };

function queryString(input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) {
    if (value !== undefined) params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The path with its placeholders filled in, each value URL-encoded. */
export function fillPath(route: Route, values: readonly string[]): string {
  const names = pathParamNames(route.path);
  return names.reduce((path, name, i) => path.replace(`{${name}}`, encodeURIComponent(values[i])), route.path);
}

/**
 * The URL and fetch init of one call: inputs as query or JSON body, auth, and for writes the
 * Idempotency-Key that makes the call safe to repeat. Built once, so every retry sends the same key.
 */
export function buildRequest(config: ClientConfig, route: Route, pathValues: readonly string[], input: Record<string, unknown> | undefined, options: RequestOptions): BuiltRequest {
  const headers = new Headers({ accept: 'application/json' });
  if (config.apiKey !== null) headers.set('authorization', `Bearer ${config.apiKey}`);
  let url = `${config.baseUrl}${fillPath(route, pathValues)}`;
  let body: string | undefined;
  if (route.input === 'query' && input) url += queryString(input);
  if (route.input === 'body') {
    body = JSON.stringify(input ?? {});
    headers.set('content-type', 'application/json');
  }
  if (route.scope === 'write' && options.idempotencyKey !== null) headers.set('idempotency-key', options.idempotencyKey ?? newIdempotencyKey());
  for (const [name, value] of Object.entries(config.headers)) headers.set(name, value);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  const init: BuiltRequest['init'] = { method: route.method, headers, body };
  if (config.credentials) init.credentials = config.credentials;
  return { url, init, idempotent: route.scope === 'read' || headers.has('idempotency-key') };
}

import { workspaceHeaders } from './workspace-url';
import { SOURCE_HEADER, sourceOfPage } from '@/lib/dashboard/call-source';

/** A /v2 answer as the dashboard shows it: the data, or the API's error code and message. */
export type V2Outcome<T> =
  | { ok: true; data: T; charged: number; remaining: number }
  | { ok: false; status: number; code: string; message: string };

// The /v2 envelope, or the session mount's own refusal ({error: "…"}) before dispatch.
type Envelope<T> = { data?: T; meta?: { credits_charged?: number; credits_remaining?: number }; error?: string | { code?: string; message?: string } };

export type CallV2Options = {
  body?: unknown;
  /** Makes a retry of the same submission safe: the API answers it from its store. */
  idempotencyKey?: string;
  /** Run as this key of the account (rules belong to a key) instead of as the account. */
  keyId?: string;
};

/**
 * Calls a /v2 operation as the signed-in account through /api/dashboard/v2: the same dispatch,
 * scopes and charges as a key would get, and a clear message for every failure.
 */
export async function callV2<T>(method: 'GET' | 'POST' | 'DELETE', path: string, options: CallV2Options = {}): Promise<V2Outcome<T>> {
  // Usage names the page that called (playground, explorer, rules page, other dashboard pages).
  const headers: Record<string, string> = { ...workspaceHeaders(), 'x-perch-dashboard': '1', accept: 'application/json', [SOURCE_HEADER]: sourceOfPage(window.location.pathname) };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  if (options.keyId) headers['x-perch-key-id'] = options.keyId;
  let response: Response;
  try {
    response = await fetch(`/api/dashboard/v2/${path.replace(/^\//, '')}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      cache: 'no-store',
    });
  } catch {
    return { ok: false, status: 0, code: 'network_error', message: 'The request did not reach the server. Check the connection and try again.' };
  }
  const payload = (await response.json().catch(() => ({}))) as Envelope<T>;
  if (response.ok && payload.data !== undefined) {
    return { ok: true, data: payload.data, charged: payload.meta?.credits_charged ?? 0, remaining: payload.meta?.credits_remaining ?? 0 };
  }
  const error = typeof payload.error === 'string' ? { message: payload.error } : payload.error;
  return { ok: false, status: response.status, code: error?.code ?? 'error', message: error?.message ?? `The server answered ${response.status}.` };
}

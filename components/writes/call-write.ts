/** A write's answer as the dashboard shows it: the data, or the API's error code and message. */
export type WriteOutcome<T> =
  | { ok: true; data: T; charged: number; remaining: number }
  | { ok: false; status: number; code: string; message: string };

type Envelope<T> = { data?: T; meta?: { credits_charged?: number; credits_remaining?: number }; error?: { code?: string; message?: string } };

/**
 * Calls a /v2 write operation as the signed-in account through /api/dashboard/v2 (the same
 * dispatch, scopes and charges as a key would get). `idempotencyKey` makes a retry of the same
 * submission safe: the API answers it from its store instead of writing twice.
 */
export async function callWrite<T>(method: 'POST' | 'DELETE', path: string, options: { body?: unknown; idempotencyKey?: string } = {}): Promise<WriteOutcome<T>> {
  const headers: Record<string, string> = { 'x-perch-dashboard': '1', accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
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
  return { ok: false, status: response.status, code: payload.error?.code ?? 'error', message: payload.error?.message ?? `The server answered ${response.status}.` };
}

/** A fresh Idempotency-Key for one submission. */
export function newIdempotencyKey(): string {
  return `dash-${crypto.randomUUID()}`;
}

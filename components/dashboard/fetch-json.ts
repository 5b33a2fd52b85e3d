import { workspaceHeaders } from './workspace-url';

/** GETs a dashboard route's JSON; a non-2xx answer becomes an error react-query can show. */
export async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json', ...workspaceHeaders() }, cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

export type MutationAnswer<T> = { ok: true; data: T } | { ok: false; status: number; message: string; errors: Record<string, string> };

/** Sends a dashboard mutation as JSON and returns the answer, field errors included. */
export async function sendJson<T>(method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<MutationAnswer<T>> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json', ...workspaceHeaders() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => ({}))) as { error?: string; errors?: Record<string, string> };
  if (response.ok) return { ok: true, data: payload as T };
  return { ok: false, status: response.status, message: payload.error ?? `the server answered ${response.status}`, errors: payload.errors ?? {} };
}

import type { PlannedCall } from './build-call';

/** Who a playground call runs as: the signed-in account (charged with source `playground`) or a pasted key. */
export type CallAuth = { kind: 'session' } | { kind: 'key'; key: string };

export type CallResult = {
  status: number;
  /** Measured in the browser, network included; the body's meta.latency_ms is the server's part. */
  latencyMs: number;
  headers: Array<[string, string]>;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
  creditsCharged: number | null;
  nextCursor: string | null;
};

// The dashboard's session mount of /v2 (app/api/dashboard/v2) wants this header: a page on
// another site cannot send it without a CORS preflight, which the route never grants.
// X-Perch-Source: usage shows these calls as the playground's (lib/dashboard/call-source.ts).
export const DASHBOARD_HEADER = { 'x-perch-dashboard': '1', 'x-perch-source': 'playground' } as const;
export const DASHBOARD_PREFIX = '/api/dashboard';

/** Where a call goes and with which headers, for the chosen way of authenticating. */
export function requestFor(call: PlannedCall, auth: CallAuth): { url: string; init: RequestInit } {
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
  if (auth.kind === 'session') Object.assign(headers, DASHBOARD_HEADER);
  else headers.authorization = `Bearer ${auth.key.trim()}`;
  const url = auth.kind === 'session' ? DASHBOARD_PREFIX + call.pathAndQuery : call.pathAndQuery;
  return { url, init: { method: call.method, headers, body: call.body ? JSON.stringify(call.body) : undefined, cache: 'no-store', credentials: 'same-origin' } };
}

function metaOf(json: unknown): { credits_charged?: unknown; next_cursor?: unknown } {
  const meta = (json as { meta?: unknown } | undefined)?.meta;
  return meta && typeof meta === 'object' ? meta : {};
}

/** Runs a call from the browser and keeps everything the response panel shows. */
export async function sendCall(call: PlannedCall, auth: CallAuth): Promise<CallResult> {
  const { url, init } = requestFor(call, auth);
  const started = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  const latencyMs = Math.round(performance.now() - started);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined; // shown as text: a proxy's error page, say
  }
  const meta = metaOf(json);
  return {
    status: response.status,
    latencyMs,
    headers: [...response.headers.entries()].sort(([a], [b]) => a.localeCompare(b)),
    text,
    json,
    creditsCharged: typeof meta.credits_charged === 'number' ? meta.credits_charged : null,
    nextCursor: typeof meta.next_cursor === 'string' ? meta.next_cursor : null,
  };
}

import { RETRY_POLICY } from './retry-policy';

/** What one POST to an endpoint came to: its 2xx status, or the reason it failed. */
export type PostOutcome = { ok: true; statusCode: number; latencyMs: number } | { ok: false; statusCode: number | null; error: string; latencyMs: number };

/** POSTs one signed webhook body to an endpoint URL (no redirects followed, bounded by the delivery timeout). */
export async function postWebhook(url: string, body: string, headers: Record<string, string>): Promise<PostOutcome> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(url, { method: 'POST', body, headers, redirect: 'manual', signal: AbortSignal.timeout(RETRY_POLICY.timeoutMs) });
    // The answer's body is not needed; reading a little lets the connection be reused.
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) return { ok: true, statusCode: response.status, latencyMs: latency() };
    return { ok: false, statusCode: response.status, error: `HTTP ${response.status}`, latencyMs: latency() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { ok: false, statusCode: null, error: cause?.code ?? cause?.message ?? (error as Error).message, latencyMs: latency() };
  }
}

import { callV2, type V2Outcome } from '@/components/dashboard/call-v2';

/** A write's answer as the dashboard shows it: the data, or the API's error code and message. */
export type WriteOutcome<T> = V2Outcome<T>;

/**
 * Calls a /v2 write operation as the signed-in account through /api/dashboard/v2 (the same
 * dispatch, scopes and charges as a key would get). `idempotencyKey` makes a retry of the same
 * submission safe: the API answers it from its store instead of writing twice.
 */
export function callWrite<T>(method: 'POST' | 'DELETE', path: string, options: { body?: unknown; idempotencyKey?: string } = {}): Promise<WriteOutcome<T>> {
  return callV2<T>(method, path, options);
}

/** A fresh Idempotency-Key for one submission. */
export function newIdempotencyKey(): string {
  return `dash-${crypto.randomUUID()}`;
}

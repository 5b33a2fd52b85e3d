import { PerchError } from '@perch/client';

/**
 * A failed explorer fetch in one sentence; errors never cost credits, so say so. `what` names
 * the thing fetched ("@jack", "tweet 123"), so that a 404 says what does not exist.
 */
export function errorMessage(error: unknown, what?: string): string {
  if (error instanceof PerchError) {
    if (error.code === 'not_found') return `Not found: ${what ?? 'it'} does not exist (or no longer does). Nothing was charged.`;
    if (error.code === 'insufficient_credits') return 'Not enough credits for this fetch: top up on the Billing page. Nothing was charged.';
    if (error.status === 401) return 'Your session has ended: sign in again.';
    return `${error.message} (${error.code}). Nothing was charged.`;
  }
  return error instanceof Error ? error.message : String(error);
}

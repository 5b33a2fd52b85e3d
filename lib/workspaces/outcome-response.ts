import { jsonError } from '@/lib/auth/route-user';
import type { Outcome } from './outcome';

const NO_STORE = { 'cache-control': 'no-store' };

/** A member action's outcome as a dashboard route's answer: its data, or the refusal in the routes' error shape. */
export function outcomeResponse<T>(outcome: Outcome<T>, data: (ok: Extract<Outcome<T>, { ok: true }>) => unknown, status = 200): Response {
  if (!outcome.ok) return jsonError(outcome.status, outcome.error, outcome.errors);
  return Response.json(data(outcome as Extract<Outcome<T>, { ok: true }>), { status, headers: NO_STORE });
}

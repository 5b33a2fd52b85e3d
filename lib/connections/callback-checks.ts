import { safeEqual } from '@/lib/oauth/random-token';
import type { ConnectFailure, ConnectResult } from './complete-connection';
import { openFlow, type ConnectFlow } from './flow-cookie';

/** A refused connection attempt, as the connections page explains it. */
export function refused(error: string, reason: ConnectFailure, description: string): ConnectResult & { ok: false } {
  return { ok: false, error, reason, description };
}

/**
 * The checks every OAuth callback makes before redeeming its code (the embedded platform's and
 * X's): the flow cookie belongs to this account and is fresh, `state` is the one it sealed, and
 * the platform answered with a code rather than an error.
 */
export function checkCallback(input: { userId: string; cookie: string | undefined; params: URLSearchParams }): { ok: true; code: string; flow: ConnectFlow } | (ConnectResult & { ok: false }) {
  const flow = openFlow(input.cookie);
  const state = input.params.get('state') ?? '';
  if (!flow || flow.userId !== input.userId) return refused('invalid_request', 'flow_expired', 'This connection attempt expired or was started in another session: start again.');
  // The state ties the answer to the request this browser made: a code injected by someone else fails here.
  if (!state || !safeEqual(state, flow.state)) return refused('invalid_request', 'state_mismatch', 'The platform’s answer does not match the connection attempt (state mismatch): start again.');
  const error = input.params.get('error');
  if (error === 'access_denied') return refused(error, 'denied', 'You did not allow access on the platform.');
  if (error) return refused(error, 'platform_error', input.params.get('error_description') ?? 'The platform refused the request.');
  const code = input.params.get('code');
  if (!code) return refused('invalid_request', 'platform_error', 'The platform’s answer carries no authorization code.');
  return { ok: true, code, flow };
}

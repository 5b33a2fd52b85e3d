import type { ConnectedAccount } from './require-scope';
import { resolveConnection } from './resolve-connection';

/**
 * The platform account writes act as (and checks default to), or null: no connection, a grant
 * the platform revoked, or tokens that no longer unseal all mean "not connected" (403
 * account_not_connected for writes). An expired access token is refreshed on the way.
 */
export async function getConnectedAccount(userId: string): Promise<ConnectedAccount | null> {
  const state = await resolveConnection(userId);
  return state.kind === 'active' || state.kind === 'operator' ? { ...state.actor, scopes: state.scopes } : null;
}

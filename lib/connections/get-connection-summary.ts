import { resolveConnection } from './resolve-connection';

/** The connection as the connections page shows it (plain data, safe to hand to the client). */
export type ConnectionSummary =
  | { kind: 'none' }
  | { kind: 'active' | 'operator' | 'revoked' | 'unreadable'; username: string; connectedAt: string; scopes: string[] };

/** The account's connection, its grant checked at the platform (and refreshed when due). */
export async function getConnectionSummary(userId: string): Promise<ConnectionSummary> {
  const state = await resolveConnection(userId);
  if (state.kind === 'none') return state;
  const username = state.kind === 'active' || state.kind === 'operator' ? state.actor.username : state.row.username;
  return { kind: state.kind, username, connectedAt: state.row.created_at.toISOString(), scopes: state.row.scopes ?? [] };
}

import type pg from 'pg';
import { getPool } from '@/lib/db/pool';
import { hashInvitationToken, isPlausibleToken } from './invitation-token';
import { isRole, type Role } from './roles';

export type InvitationState = 'open' | 'expired' | 'revoked' | 'accepted' | 'declined';

export type InvitationView = {
  id: string;
  email: string;
  role: Role;
  state: InvitationState;
  expiresAt: string;
  workspace: { id: string; slug: string; name: string };
  inviterEmail: string | null;
};

type Row = {
  id: string;
  email: string;
  role: string;
  expires_at: Date;
  accepted_at: Date | null;
  declined_at: Date | null;
  revoked_at: Date | null;
  expired: boolean;
  workspace_id: string;
  slug: string;
  name: string;
  inviter_email: string | null;
};

function stateOf(row: Row): InvitationState {
  if (row.accepted_at) return 'accepted';
  if (row.declined_at) return 'declined';
  if (row.revoked_at) return 'revoked';
  return row.expired ? 'expired' : 'open';
}

/**
 * The invitation a link's token names, whatever its state (the page says why a link no longer
 * works); null for an unknown token (one replaced by a resend is unknown) or a deleted workspace.
 * `forUpdate` locks the row inside a transaction.
 */
export async function invitationByToken(token: unknown, db: pg.Pool | pg.PoolClient = getPool(), forUpdate = false): Promise<InvitationView | null> {
  if (!isPlausibleToken(token)) return null;
  const { rows } = await db.query<Row>(
    `SELECT i.id, i.email, i.role, i.expires_at, i.accepted_at, i.declined_at, i.revoked_at, i.expires_at <= now() AS expired,
            w.id AS workspace_id, w.slug, w.name, u.email AS inviter_email
       FROM workspace_invitations i
       JOIN workspaces w ON w.id = i.workspace_id AND w.deleted_at IS NULL
       LEFT JOIN users u ON u.id = i.invited_by
      WHERE i.token_hash = $1 ${forUpdate ? 'FOR UPDATE OF i' : ''}`,
    [hashInvitationToken(token)],
  );
  const row = rows[0];
  if (!row || !isRole(row.role)) return null;
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    state: stateOf(row),
    expiresAt: row.expires_at.toISOString(),
    workspace: { id: row.workspace_id, slug: row.slug, name: row.name },
    inviterEmail: row.inviter_email,
  };
}

/** Why a link in a given state cannot be used, in words for the invite page and the routes. */
export function unusableReason(invitation: InvitationView | null): string | null {
  if (!invitation) return 'This invitation link is not valid. It may have been replaced by a newer mail: use the link in the latest one, or ask for a new invitation.';
  switch (invitation.state) {
    case 'open':
      return null;
    case 'expired':
      return `This invitation expired on ${invitation.expiresAt.slice(0, 10)}. Ask someone in ${invitation.workspace.name} to send a new one.`;
    case 'revoked':
      return `This invitation to ${invitation.workspace.name} was withdrawn.`;
    case 'accepted':
      return `This invitation to ${invitation.workspace.name} was already accepted.`;
    case 'declined':
      return `This invitation to ${invitation.workspace.name} was declined.`;
  }
}

/** Whether the signed-in person is the one invited: the addresses compared without case. */
export function isInvitee(invitation: InvitationView, email: string): boolean {
  return invitation.email === email.trim().toLowerCase();
}

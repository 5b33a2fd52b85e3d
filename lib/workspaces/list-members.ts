import { getPool } from '@/lib/db/pool';
import { isRole, type Role } from './roles';

export type MemberSummary = { userId: string; email: string; name: string | null; role: Role; joinedAt: string; activeKeys: number };
export type PendingInvitation = { id: string; email: string; role: Role; invitedBy: string | null; createdAt: string; expiresAt: string; expired: boolean; lastSentAt: string; sendCount: number };

/**
 * The workspace's members, owners first, each with how many usable keys they issued in it
 * (what removing them with "also revoke their keys" would revoke).
 */
export async function listMembers(workspaceId: string): Promise<MemberSummary[]> {
  const { rows } = await getPool().query<{ user_id: string; email: string; name: string | null; role: string; created_at: Date; active_keys: number }>(
    `SELECT m.user_id, u.email, u.name, m.role, m.created_at,
            (SELECT count(*)::int FROM api_keys k WHERE k.user_id = m.workspace_id AND k.created_by = m.user_id AND k.revoked_at IS NULL) AS active_keys
       FROM workspace_members m JOIN users u ON u.id = m.user_id
      WHERE m.workspace_id = $1
      ORDER BY array_position(ARRAY['owner', 'admin', 'developer', 'billing', 'viewer'], m.role), lower(u.email)`,
    [workspaceId],
  );
  return rows
    .filter((row) => isRole(row.role))
    .map((row) => ({ userId: row.user_id, email: row.email, name: row.name, role: row.role as Role, joinedAt: row.created_at.toISOString(), activeKeys: row.active_keys }));
}

/** Invitations not yet answered or withdrawn, newest first; expired ones too (a resend renews them). */
export async function listPendingInvitations(workspaceId: string): Promise<PendingInvitation[]> {
  const { rows } = await getPool().query<{ id: string; email: string; role: string; inviter: string | null; created_at: Date; expires_at: Date; expired: boolean; last_sent_at: Date; send_count: number }>(
    `SELECT i.id, i.email, i.role, u.email AS inviter, i.created_at, i.expires_at, i.expires_at <= now() AS expired, i.last_sent_at, i.send_count
       FROM workspace_invitations i LEFT JOIN users u ON u.id = i.invited_by
      WHERE i.workspace_id = $1 AND i.accepted_at IS NULL AND i.declined_at IS NULL AND i.revoked_at IS NULL
      ORDER BY i.created_at DESC, i.id`,
    [workspaceId],
  );
  return rows
    .filter((row) => isRole(row.role))
    .map((row) => ({
      id: row.id,
      email: row.email,
      role: row.role as Role,
      invitedBy: row.inviter,
      createdAt: row.created_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
      expired: row.expired,
      lastSentAt: row.last_sent_at.toISOString(),
      sendCount: row.send_count,
    }));
}

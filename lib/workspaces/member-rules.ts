import type pg from 'pg';
import type { ActingMember } from './acting-member';
import { refuse, type Outcome } from './outcome';
import { can, isRole, type Role } from './roles';

export type LockedMember = { userId: string; email: string; role: Role; owners: number };

/**
 * A member of the actor's workspace, with the workspace's owner rows locked (FOR UPDATE), so two
 * owners demoting or removing each other at once cannot leave the workspace without one.
 */
export async function lockMember(client: pg.PoolClient, workspaceId: string, userId: string): Promise<LockedMember | null> {
  const owners = await client.query<{ user_id: string }>(`SELECT user_id FROM workspace_members WHERE workspace_id = $1 AND role = 'owner' FOR UPDATE`, [workspaceId]);
  const { rows } = await client.query<{ email: string; role: string }>(
    `SELECT u.email, m.role FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = $1 AND m.user_id = $2 FOR UPDATE OF m`,
    [workspaceId, userId],
  );
  const row = rows[0];
  if (!row || !isRole(row.role)) return null;
  return { userId, email: row.email, role: row.role, owners: owners.rows.length };
}

/** Admins never touch owners nor make them: only owners manage owners. */
export function ownerRuleRefusal(actor: ActingMember, target: LockedMember, newRole?: Role): Outcome<never> | null {
  const touchesOwner = target.role === 'owner' || newRole === 'owner';
  if (touchesOwner && !can(actor.role, 'owners.manage')) return refuse(403, 'only owners can make, change or remove owners');
  if (!can(actor.role, 'members.manage')) return refuse(403, 'your role cannot manage members');
  return null;
}

/** The last owner stays: someone must always be able to manage the workspace. */
export function lastOwnerRefusal(target: LockedMember, verb: string): Outcome<never> | null {
  if (target.role === 'owner' && target.owners <= 1) return refuse(409, `${target.email} is the last owner: make someone else an owner before you ${verb}`);
  return null;
}

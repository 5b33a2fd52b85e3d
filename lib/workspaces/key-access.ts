import { getPool } from '@/lib/db/pool';
import type { KeyManager } from '@/lib/dashboard/list-keys';
import { can, type Role } from './roles';

export type KeyAccess = 'allowed' | 'forbidden' | 'missing';

/** Who may manage keys in a workspace, as listKeys marks them: null when the role manages none. */
export function keyManagerOf(personId: string, role: Role): KeyManager | null {
  if (can(role, 'keys.manage_all')) return { personId, all: true };
  if (can(role, 'keys.manage_own')) return { personId, all: false };
  return null;
}

/**
 * Whether a member may change, rotate, revoke or delete key `keyId` of the workspace: owners and
 * admins any key, developers the keys they issued. 'missing' when the workspace has no such key.
 */
export async function keyAccess(workspaceId: string, personId: string, role: Role, keyId: string): Promise<KeyAccess> {
  const manager = keyManagerOf(personId, role);
  const { rows } = await getPool().query<{ created_by: string | null }>(`SELECT created_by FROM api_keys WHERE id = $1 AND user_id = $2`, [keyId, workspaceId]);
  if (rows.length === 0) return 'missing';
  if (!manager) return 'forbidden';
  return manager.all || rows[0].created_by === personId ? 'allowed' : 'forbidden';
}

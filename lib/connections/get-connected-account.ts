import { getPool } from '@/lib/db/pool';
import type { PlatformActor } from '@/lib/platform/types';

/** The platform account a Perch account connected for writes, or null. */
export async function getConnectedAccount(userId: string): Promise<PlatformActor | null> {
  const { rows } = await getPool().query<{ platform_user_id: string; username: string }>({
    name: 'connected-account',
    text: 'SELECT platform_user_id, username FROM platform_connections WHERE user_id = $1',
    values: [userId],
  });
  return rows[0] ? { id: rows[0].platform_user_id, username: rows[0].username } : null;
}

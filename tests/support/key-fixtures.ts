import { getPool } from '@/lib/db/pool';

/**
 * Revokes a key with the api_keys triggers off, so the database announces nothing: what an
 * instance sees when a notification was lost. Tests of the other paths (Redis, cache TTL) use it.
 */
export async function revokeKeyUnannounced(keyId: string): Promise<void> {
  const client = await getPool().connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [keyId]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

import type { NodeSavedSession, NodeSavedSessionStore, NodeSavedState, NodeSavedStateStore, RuntimeLock } from '@atproto/oauth-client-node';
import { seal, unseal, UnsealError } from '@/lib/crypto/seal';
import { getPool } from '@/lib/db/pool';

// The atproto OAuth client's stores, in PostgreSQL so that every instance sees them: each
// value (tokens, PKCE verifier, DPoP private key) is sealed like the other stored credentials,
// bound to its table and key. A value that no longer unseals reads as absent.

/** Authorizations in flight older than this are gone (the dashboard's flow cookie lives as long). */
const STATE_TTL_MINUTES = 10;

type Table = { name: 'bluesky_oauth_states' | 'bluesky_oauth_sessions'; key: 'key' | 'did'; time: 'created_at' | 'updated_at' };

function sealedStore<V>(table: Table, where = 'true') {
  const context = (key: string) => `${table.name}.value_enc:${key}`;
  return {
    async get(key: string): Promise<V | undefined> {
      const { rows } = await getPool().query<{ value_enc: string }>(`SELECT value_enc FROM ${table.name} WHERE ${table.key} = $1 AND ${where}`, [key]);
      if (!rows[0]) return undefined;
      try {
        return JSON.parse(unseal(rows[0].value_enc, context(key))) as V;
      } catch (error) {
        if (error instanceof UnsealError) return undefined;
        throw error;
      }
    },
    async set(key: string, value: V): Promise<void> {
      await getPool().query(
        `INSERT INTO ${table.name} (${table.key}, value_enc, ${table.time}) VALUES ($1, $2, now())
         ON CONFLICT (${table.key}) DO UPDATE SET value_enc = EXCLUDED.value_enc, ${table.time} = now()`,
        [key, seal(JSON.stringify(value), context(key))],
      );
    },
    async del(key: string): Promise<void> {
      await getPool().query(`DELETE FROM ${table.name} WHERE ${table.key} = $1`, [key]);
    },
  };
}

/** Authorizations in flight, by the client's own state value; ten minutes at most. */
export function blueskyStateStore(): NodeSavedStateStore {
  // Old ones are skipped here and deleted with the next authorization.
  const store = sealedStore<NodeSavedState>({ name: 'bluesky_oauth_states', key: 'key', time: 'created_at' }, `created_at > now() - interval '${STATE_TTL_MINUTES} minutes'`);
  return {
    ...store,
    async set(key, value) {
      await getPool().query(`DELETE FROM bluesky_oauth_states WHERE created_at <= now() - interval '${STATE_TTL_MINUTES} minutes'`);
      await store.set(key, value);
    },
  };
}

/** OAuth sessions by Bluesky DID, rewritten by the client whenever it refreshes the tokens. */
export function blueskySessionStore(): NodeSavedSessionStore {
  return sealedStore<NodeSavedSession>({ name: 'bluesky_oauth_sessions', key: 'did', time: 'updated_at' });
}

/**
 * The client's lock around a token refresh, across instances: a PostgreSQL advisory lock held
 * by one connection's transaction. Without it two instances could spend one refresh token
 * twice, and the second use revokes the session.
 */
export const blueskyRefreshLock: RuntimeLock = async (name, fn) => {
  const client = await getPool().connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtextextended('bluesky-oauth:' || $1, 0))", [name]);
    const result = await fn();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
};

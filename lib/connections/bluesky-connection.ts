import { seal, unseal, UnsealError } from '@/lib/crypto/seal';
import { getPool } from '@/lib/db/pool';
import type { PlatformActor } from '@/lib/platform/types';

// A Perch account's connected Bluesky account (table bluesky_connections): writes on Bluesky
// log in as it with its app password, which is stored sealed like the OAuth tokens.

/** The sealing context of a stored app password: it unseals only in its own row and column. */
function appPasswordContext(userId: string): string {
  return `bluesky_connections.app_password:${userId}`;
}

export type BlueskyAccount = { did: string; handle: string; identifier: string; serviceUrl: string };

/** Stores (or replaces) the account's Bluesky connection, its app password sealed. */
export async function saveBlueskyConnection(userId: string, account: BlueskyAccount, appPassword: string): Promise<void> {
  await getPool().query({
    name: 'bluesky-connection-save',
    text: `INSERT INTO bluesky_connections (user_id, did, handle, identifier, service_url, app_password_enc, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, now(), now())
           ON CONFLICT (user_id) DO UPDATE SET did = EXCLUDED.did, handle = EXCLUDED.handle, identifier = EXCLUDED.identifier,
             service_url = EXCLUDED.service_url, app_password_enc = EXCLUDED.app_password_enc, updated_at = now()`,
    values: [userId, account.did, account.handle, account.identifier, account.serviceUrl, seal(appPassword, appPasswordContext(userId))],
  });
}

/** Removes the account's Bluesky connection; whether there was one. */
export async function removeBlueskyConnection(userId: string): Promise<boolean> {
  const { rowCount } = await getPool().query('DELETE FROM bluesky_connections WHERE user_id = $1', [userId]);
  return (rowCount ?? 0) > 0;
}

/**
 * The Bluesky account writes act as, with the credential to log in, or null when none is
 * connected or its password no longer unseals (the encryption key it was sealed with is gone).
 */
export async function getBlueskyActor(userId: string): Promise<PlatformActor | null> {
  const { rows } = await getPool().query<{ did: string; handle: string; identifier: string; app_password_enc: string }>({
    name: 'bluesky-connection-read',
    text: 'SELECT did, handle, identifier, app_password_enc FROM bluesky_connections WHERE user_id = $1',
    values: [userId],
  });
  const row = rows[0];
  if (!row) return null;
  let password: string;
  try {
    password = unseal(row.app_password_enc, appPasswordContext(userId));
  } catch (error) {
    if (error instanceof UnsealError) return null;
    throw error;
  }
  return { id: row.did, username: row.handle, credential: { kind: 'app_password', identifier: row.identifier, password } };
}

export type BlueskySummary = { did: string; handle: string; serviceUrl: string; connectedAt: string; readable: boolean };

/** The account's Bluesky connection for display (no password), or null; `readable`: its app password still unseals. */
export async function getBlueskySummary(userId: string): Promise<BlueskySummary | null> {
  const { rows } = await getPool().query<{ did: string; handle: string; service_url: string; app_password_enc: string; updated_at: Date }>(
    'SELECT did, handle, service_url, app_password_enc, updated_at FROM bluesky_connections WHERE user_id = $1',
    [userId],
  );
  const row = rows[0];
  if (!row) return null;
  let readable = true;
  try {
    unseal(row.app_password_enc, appPasswordContext(userId));
  } catch (error) {
    if (!(error instanceof UnsealError)) throw error;
    readable = false;
  }
  return { did: row.did, handle: row.handle, serviceUrl: row.service_url, connectedAt: row.updated_at.toISOString(), readable };
}

import { seal, unseal, UnsealError } from '@/lib/crypto/seal';
import { getPool } from '@/lib/db/pool';
import type { PlatformActor, UpstreamSession } from '@/lib/platform/types';

// A Perch account's connected Bluesky account (table bluesky_connections): writes on Bluesky
// log in as it with its app password, which is stored sealed like the OAuth tokens, or use its
// atproto OAuth session (linked_via = 'oauth': tokens in bluesky_oauth_sessions, by DID).

export type BlueskyLink = 'app_password' | 'oauth';

/** The sealing context of a stored app password: it unseals only in its own row and column. */
function appPasswordContext(userId: string): string {
  return `bluesky_connections.app_password:${userId}`;
}

export type BlueskyAccount = { did: string; handle: string; identifier: string; serviceUrl: string };

async function upsertConnection(userId: string, account: BlueskyAccount, linkedVia: BlueskyLink, appPasswordEnc: string | null): Promise<void> {
  await getPool().query({
    name: 'bluesky-connection-save',
    text: `INSERT INTO bluesky_connections (user_id, did, handle, identifier, service_url, app_password_enc, linked_via, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, now(), now())
           ON CONFLICT (user_id) DO UPDATE SET did = EXCLUDED.did, handle = EXCLUDED.handle, identifier = EXCLUDED.identifier,
             service_url = EXCLUDED.service_url, app_password_enc = EXCLUDED.app_password_enc, linked_via = EXCLUDED.linked_via, updated_at = now()`,
    values: [userId, account.did, account.handle, account.identifier, account.serviceUrl, appPasswordEnc, linkedVia],
  });
}

/** Stores (or replaces) the account's Bluesky connection, its app password sealed. */
export async function saveBlueskyConnection(userId: string, account: BlueskyAccount, appPassword: string): Promise<void> {
  await upsertConnection(userId, account, 'app_password', seal(appPassword, appPasswordContext(userId)));
}

/** Stores (or replaces) the account's Bluesky connection as an OAuth one: its session is already in bluesky_oauth_sessions. */
export async function saveBlueskyOAuthConnection(userId: string, account: BlueskyAccount): Promise<void> {
  await upsertConnection(userId, account, 'oauth', null);
}

/** Removes the account's Bluesky connection: what it was, or null (an OAuth one may leave a session to end). */
export async function removeBlueskyConnection(userId: string): Promise<{ did: string; linkedVia: BlueskyLink } | null> {
  const { rows } = await getPool().query<{ did: string; linked_via: BlueskyLink }>('DELETE FROM bluesky_connections WHERE user_id = $1 RETURNING did, linked_via', [userId]);
  return rows[0] ? { did: rows[0].did, linkedVia: rows[0].linked_via } : null;
}

/**
 * The Bluesky account writes act as, with the credential to log in, or null when none is
 * connected, its password no longer unseals (the encryption key it was sealed with is gone),
 * or its OAuth session is gone (revoked, expired, refused at refresh: `restoreSession` answers null).
 */
export async function getBlueskyActor(userId: string, restoreSession: (did: string) => Promise<UpstreamSession | null>): Promise<PlatformActor | null> {
  const { rows } = await getPool().query<{ did: string; handle: string; identifier: string; app_password_enc: string | null; linked_via: BlueskyLink }>({
    name: 'bluesky-connection-read',
    text: 'SELECT did, handle, identifier, app_password_enc, linked_via FROM bluesky_connections WHERE user_id = $1',
    values: [userId],
  });
  const row = rows[0];
  if (!row) return null;
  if (row.linked_via === 'oauth' || row.app_password_enc === null) {
    const session = await restoreSession(row.did);
    return session ? { id: row.did, username: row.handle, credential: { kind: 'oauth', session } } : null;
  }
  let password: string;
  try {
    password = unseal(row.app_password_enc, appPasswordContext(userId));
  } catch (error) {
    if (error instanceof UnsealError) return null;
    throw error;
  }
  return { id: row.did, username: row.handle, credential: { kind: 'app_password', identifier: row.identifier, password } };
}

export type BlueskySummary = { did: string; handle: string; serviceUrl: string; connectedAt: string; linkedVia: BlueskyLink; readable: boolean };

/**
 * The account's Bluesky connection for display (no secrets), or null. `readable`: its app
 * password still unseals (an OAuth connection is checked when a write restores its session).
 */
export async function getBlueskySummary(userId: string): Promise<BlueskySummary | null> {
  const { rows } = await getPool().query<{ did: string; handle: string; service_url: string; app_password_enc: string | null; linked_via: BlueskyLink; updated_at: Date }>(
    'SELECT did, handle, service_url, app_password_enc, linked_via, updated_at FROM bluesky_connections WHERE user_id = $1',
    [userId],
  );
  const row = rows[0];
  if (!row) return null;
  let readable = true;
  try {
    if (row.app_password_enc !== null) unseal(row.app_password_enc, appPasswordContext(userId));
  } catch (error) {
    if (!(error instanceof UnsealError)) throw error;
    readable = false;
  }
  return { did: row.did, handle: row.handle, serviceUrl: row.service_url, connectedAt: row.updated_at.toISOString(), linkedVia: row.linked_via, readable };
}

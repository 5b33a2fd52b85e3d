import type pg from 'pg';
import { seal } from '@/lib/crypto/seal';
import { getPool } from '@/lib/db/pool';
import type { TokenSet } from '@/lib/oauth/issue-tokens';
import type { PlatformActor } from '@/lib/platform/types';
import { accessTokenContext, refreshTokenContext } from './token-context';
import { sharedViewerCache } from './viewer-cache';

/** A platform_connections row as lib/connections reads it. */
export type ConnectionRow = {
  user_id: string;
  platform_user_id: string;
  username: string;
  linked_via: 'oauth' | 'operator';
  access_token_enc: string | null;
  refresh_token_enc: string | null;
  scopes: string[] | null;
  created_at: Date;
  /** Whether the access token expires within 30 seconds (by the database's clock). */
  stale: boolean;
};

const SELECT = `SELECT user_id, platform_user_id, username, linked_via, access_token_enc, refresh_token_enc, scopes, created_at,
                       coalesce(access_expires_at <= now() + interval '30 seconds', false) AS stale
                FROM platform_connections WHERE user_id = $1`;

/** The account's connection row, or null. `lock` takes a row lock (inside a transaction). */
export async function readConnection(userId: string, db: pg.ClientBase | pg.Pool = getPool(), { lock = false } = {}): Promise<ConnectionRow | null> {
  const { rows } = await db.query<ConnectionRow>(lock ? { text: `${SELECT} FOR UPDATE`, values: [userId] } : { name: 'connection-read', text: SELECT, values: [userId] });
  return rows[0] ?? null;
}

function sealedTokens(userId: string, tokens: TokenSet): [string, string | null, number, string[]] {
  return [seal(tokens.access_token, accessTokenContext(userId)), tokens.refresh_token ? seal(tokens.refresh_token, refreshTokenContext(userId)) : null, tokens.expires_in, tokens.scope.split(' ')];
}

/** Stores a connection made by the OAuth flow, its tokens sealed; replaces any earlier one. */
export async function saveOAuthConnection(userId: string, actor: PlatformActor, tokens: TokenSet): Promise<void> {
  await getPool().query({
    name: 'connection-save-oauth',
    text: `INSERT INTO platform_connections (user_id, platform, platform_user_id, username, linked_via, access_token_enc, refresh_token_enc, access_expires_at, scopes, created_at, updated_at)
           VALUES ($1, 'local', $2, $3, 'oauth', $4, $5, now() + make_interval(secs => $6), $7, now(), now())
           ON CONFLICT (user_id) DO UPDATE SET platform_user_id = EXCLUDED.platform_user_id, username = EXCLUDED.username, linked_via = 'oauth',
             access_token_enc = EXCLUDED.access_token_enc, refresh_token_enc = EXCLUDED.refresh_token_enc, access_expires_at = EXCLUDED.access_expires_at,
             scopes = EXCLUDED.scopes, created_at = now(), updated_at = now()`,
    values: [userId, actor.id, actor.username, ...sealedTokens(userId, tokens)],
  });
  // This process's cache at once; other instances hear the trigger's notification.
  sharedViewerCache().drop(userId);
}

/** Replaces a connection's tokens after a refresh (the refresh token rotated). */
export async function updateConnectionTokens(userId: string, tokens: TokenSet, db: pg.ClientBase | pg.Pool = getPool()): Promise<void> {
  const [access, refresh, expiresIn, scopes] = sealedTokens(userId, tokens);
  await db.query({
    name: 'connection-update-tokens',
    text: `UPDATE platform_connections SET access_token_enc = $2, refresh_token_enc = coalesce($3, refresh_token_enc),
             access_expires_at = now() + make_interval(secs => $4), scopes = $5, updated_at = now()
           WHERE user_id = $1 AND linked_via = 'oauth'`,
    values: [userId, access, refresh, expiresIn, scopes],
  });
}

/**
 * Stores an operator link (admin CLI, tests): no tokens, valid until removed. Replaces any
 * earlier connection; the caller revokes a replaced OAuth grant.
 */
export async function saveOperatorConnection(userId: string, actor: PlatformActor, scopes: readonly string[]): Promise<void> {
  await getPool().query({
    name: 'connection-save-operator',
    text: `INSERT INTO platform_connections (user_id, platform, platform_user_id, username, linked_via, scopes, created_at, updated_at)
           VALUES ($1, 'local', $2, $3, 'operator', $4, now(), now())
           ON CONFLICT (user_id) DO UPDATE SET platform_user_id = EXCLUDED.platform_user_id, username = EXCLUDED.username, linked_via = 'operator',
             scopes = EXCLUDED.scopes, access_token_enc = NULL, refresh_token_enc = NULL, access_expires_at = NULL, created_at = now(), updated_at = now()`,
    values: [userId, actor.id, actor.username, scopes],
  });
  sharedViewerCache().drop(userId);
}

/** Deletes the account's connection and its tokens; returns the row it deleted, if any. */
export async function deleteConnection(userId: string): Promise<Pick<ConnectionRow, 'linked_via' | 'access_token_enc' | 'refresh_token_enc'> | null> {
  const { rows } = await getPool().query({
    name: 'connection-delete',
    text: 'DELETE FROM platform_connections WHERE user_id = $1 RETURNING linked_via, access_token_enc, refresh_token_enc',
    values: [userId],
  });
  sharedViewerCache().drop(userId);
  return rows[0] ?? null;
}

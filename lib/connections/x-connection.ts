import { ApiResponseError } from 'twitter-api-v2';
import { seal, unseal, UnsealError } from '@/lib/crypto/seal';
import { getPool } from '@/lib/db/pool';
import type { XSettings } from '@/lib/platform/platform-config';
import { inTransaction } from '@/lib/db/transaction';
import { oauthClient } from '@/lib/platform/x/client';
import { UnavailableError } from '@/lib/platform/errors';
import type { ConnectedAccount } from './require-scope';

// A Perch account's connected X account (table x_connections): writes on X act as it with its
// OAuth 2.0 user access token, stored sealed like the embedded platform's tokens and refreshed
// with twitter-api-v2's refreshOAuth2Token when it is about to expire.

/** The tokens of an OAuth 2.0 grant, as twitter-api-v2's loginWithOAuth2 and refreshOAuth2Token give them. */
export type XTokens = { accessToken: string; refreshToken?: string; expiresIn: number; scope: string[] };

function context(column: 'access_token' | 'refresh_token', userId: string): string {
  return `x_connections.${column}:${userId}`;
}

/** Stores (or replaces) the account's X connection, its tokens sealed. */
export async function saveXConnection(userId: string, account: { id: string; username: string }, tokens: XTokens): Promise<void> {
  await getPool().query({
    name: 'x-connection-save',
    text: `INSERT INTO x_connections (user_id, x_user_id, username, access_token_enc, refresh_token_enc, access_expires_at, scopes, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6), $7, now(), now())
           ON CONFLICT (user_id) DO UPDATE SET x_user_id = EXCLUDED.x_user_id, username = EXCLUDED.username, access_token_enc = EXCLUDED.access_token_enc,
             refresh_token_enc = EXCLUDED.refresh_token_enc, access_expires_at = EXCLUDED.access_expires_at, scopes = EXCLUDED.scopes, created_at = now(), updated_at = now()`,
    values: [userId, account.id, account.username, ...sealed(userId, tokens)],
  });
}

function sealed(userId: string, tokens: XTokens): [string, string | null, number, string[]] {
  return [
    seal(tokens.accessToken, context('access_token', userId)),
    tokens.refreshToken ? seal(tokens.refreshToken, context('refresh_token', userId)) : null,
    tokens.expiresIn,
    tokens.scope,
  ];
}

/** Removes the account's X connection; whether there was one. */
export async function removeXConnection(userId: string): Promise<boolean> {
  const { rowCount } = await getPool().query('DELETE FROM x_connections WHERE user_id = $1', [userId]);
  return (rowCount ?? 0) > 0;
}

/** The username of the account's connected X account, or null, for display. */
export async function getXHandle(userId: string): Promise<string | null> {
  const { rows } = await getPool().query<{ username: string }>('SELECT username FROM x_connections WHERE user_id = $1', [userId]);
  return rows[0]?.username ?? null;
}

type Row = { x_user_id: string; username: string; access_token_enc: string; refresh_token_enc: string | null; scopes: string[]; stale: boolean };

const SELECT = `SELECT x_user_id, username, access_token_enc, refresh_token_enc, scopes, access_expires_at <= now() + interval '30 seconds' AS stale
                FROM x_connections WHERE user_id = $1`;

function open(value: string, column: 'access_token' | 'refresh_token', userId: string): string | null {
  try {
    return unseal(value, context(column, userId));
  } catch (error) {
    if (error instanceof UnsealError) return null;
    throw error;
  }
}

/**
 * Refresh tokens rotate at X: two refreshes with one token lose the grant. Within a process
 * concurrent writes share one refresh; across processes the row lock makes the second wait and
 * then find the tokens fresh.
 */
const inFlight = new Map<string, Promise<boolean>>();

async function refreshLocked(userId: string, settings: XSettings): Promise<boolean> {
  return inTransaction(async (db) => {
    await db.query("SET LOCAL lock_timeout = '10s'");
    const { rows } = await db.query<Row>(`${SELECT} FOR UPDATE`, [userId]);
    const row = rows[0];
    if (!row) return false;
    if (!row.stale) return true;
    const refreshToken = row.refresh_token_enc ? open(row.refresh_token_enc, 'refresh_token', userId) : null;
    if (!refreshToken) return false; // no offline.access, or sealed with a key that is gone
    let tokens: XTokens;
    try {
      const answer = await oauthClient(settings).refreshOAuth2Token(refreshToken);
      tokens = { accessToken: answer.accessToken, refreshToken: answer.refreshToken, expiresIn: answer.expiresIn, scope: answer.scope };
    } catch (error) {
      // X refuses a revoked or spent refresh token with a 400 or 401: the grant is gone.
      if (error instanceof ApiResponseError && (error.code === 400 || error.code === 401)) return false;
      throw new UnavailableError('X did not answer the token refresh: retry shortly');
    }
    const [access, refresh, expiresIn, scopes] = sealed(userId, tokens);
    await db.query(
      `UPDATE x_connections SET access_token_enc = $2, refresh_token_enc = coalesce($3, refresh_token_enc), access_expires_at = now() + make_interval(secs => $4),
         scopes = $5, updated_at = now() WHERE user_id = $1`,
      [userId, access, refresh, expiresIn, scopes],
    );
    return true;
  });
}

function refresh(userId: string, settings: XSettings): Promise<boolean> {
  const running = inFlight.get(userId);
  if (running) return running;
  const attempt = refreshLocked(userId, settings).finally(() => inFlight.delete(userId));
  inFlight.set(userId, attempt);
  return attempt;
}

/**
 * The X account writes act as, with its access token (refreshed on the way when it is about to
 * expire) and the scopes it granted; null when none is connected, the grant is gone at X or
 * its tokens no longer unseal.
 */
export async function getXAccount(userId: string, settings: XSettings): Promise<ConnectedAccount | null> {
  const read = async () => (await getPool().query<Row>({ name: 'x-connection-read', text: SELECT, values: [userId] })).rows[0] ?? null;
  let row = await read();
  if (!row) return null;
  if (row.stale) {
    if (!settings.oauth || !(await refresh(userId, settings))) return null;
    row = await read();
    if (!row) return null;
  }
  const accessToken = open(row.access_token_enc, 'access_token', userId);
  if (!accessToken) return null;
  return { id: row.x_user_id, username: row.username, scopes: row.scopes, credential: { kind: 'oauth2', accessToken } };
}

import crypto from 'node:crypto';
import { getPool } from '@/lib/db/pool';

/** How long a dashboard session lives without being used (next-auth's maxAge uses the same). */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

// A session read within a day of its last extension is not written again: one UPDATE a day
// per browser instead of one per page view.
const EXTEND_AFTER_SECONDS = 24 * 60 * 60;

/** The session JWT's claim was checked and its row is gone or expired: the browser is signed out. */
export class SessionEndedError extends Error {
  constructor() {
    super('this session has ended: sign in again');
    this.name = 'SessionEndedError';
  }
}

/**
 * Records a new signed-in browser for an account and returns its id, which the session JWT
 * carries. The account's expired rows are cleared on the way.
 */
export async function startDashboardSession(userId: string): Promise<string> {
  const id = crypto.randomBytes(32).toString('base64url');
  const pool = getPool();
  await pool.query(`DELETE FROM sessions WHERE user_id = $1 AND expires < now()`, [userId]);
  await pool.query(
    `INSERT INTO sessions (id, session_token, user_id, expires) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [crypto.randomUUID(), id, userId, SESSION_MAX_AGE_SECONDS],
  );
  return id;
}

/**
 * Whether a session id still belongs to a live session of this (not deleted) account; a
 * session in use is extended, as its rolling JWT is.
 */
export async function isDashboardSessionLive(sessionId: string, userId: string): Promise<boolean> {
  const { rows } = await getPool().query<{ stale: boolean }>(
    `SELECT s.expires < now() + make_interval(secs => $3) AS stale
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.session_token = $1 AND s.user_id = $2 AND s.expires > now() AND u.deleted_at IS NULL`,
    [sessionId, userId, SESSION_MAX_AGE_SECONDS - EXTEND_AFTER_SECONDS],
  );
  if (rows.length === 0) return false;
  if (rows[0].stale) await getPool().query(`UPDATE sessions SET expires = now() + make_interval(secs => $2) WHERE session_token = $1`, [sessionId, SESSION_MAX_AGE_SECONDS]);
  return true;
}

/** Ends one session (sign-out). */
export async function endDashboardSession(sessionId: string): Promise<void> {
  await getPool().query(`DELETE FROM sessions WHERE session_token = $1`, [sessionId]);
}

/** Ends every session of an account except `keep` (the browser that changed the password); returns how many ended. */
export async function endOtherDashboardSessions(userId: string, keep: string | null): Promise<number> {
  const { rowCount } = await getPool().query(`DELETE FROM sessions WHERE user_id = $1 AND session_token IS DISTINCT FROM $2`, [userId, keep]);
  return rowCount ?? 0;
}

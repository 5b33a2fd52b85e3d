import crypto from 'node:crypto';
import { getPool } from '@/lib/db/pool';
import { authSecret } from '@/lib/auth/auth-secret';
import { PLATFORM_SESSION_TTL_SECONDS } from './lifetimes';
import type { PlatformUser } from './platform-sign-in';
import { hashToken, randomToken, safeEqual } from './random-token';

/** The cookie of a platform user signed in on the authorize screen (scoped to /platform). */
export const PLATFORM_SESSION_COOKIE = 'perch_platform_session';

/** Starts a platform sign-in session; returns the cookie value (only its hash is stored). */
export async function createPlatformSession(platformUserId: string): Promise<string> {
  const token = randomToken('pss_');
  const pool = getPool();
  await pool.query({ name: 'platform-sessions-sweep', text: 'DELETE FROM platform.web_sessions WHERE expires_at < now()' });
  await pool.query({
    name: 'platform-session-insert',
    text: 'INSERT INTO platform.web_sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))',
    values: [hashToken(token), platformUserId, PLATFORM_SESSION_TTL_SECONDS],
  });
  return token;
}

/** The platform user a session cookie belongs to, or null when it is unknown or expired. */
export async function platformSessionUser(token: string | undefined): Promise<PlatformUser | null> {
  if (!token) return null;
  const { rows } = await getPool().query<PlatformUser>({
    name: 'platform-session-user',
    text: `SELECT u.id::text, u.username, u.name FROM platform.web_sessions s JOIN platform.users u ON u.id = s.user_id
           WHERE s.token_hash = $1 AND s.expires_at > now()`,
    values: [hashToken(token)],
  });
  return rows[0] ?? null;
}

/** Ends a platform sign-in session. */
export async function endPlatformSession(token: string | undefined): Promise<void> {
  if (!token) return;
  await getPool().query({ name: 'platform-session-end', text: 'DELETE FROM platform.web_sessions WHERE token_hash = $1', values: [hashToken(token)] });
}

/**
 * The anti-CSRF token of the consent form: an HMAC of the session cookie, so only a page this
 * session rendered can submit a decision for it (on top of the Origin check).
 */
export function consentToken(sessionToken: string): string {
  // Keyed with the deployment's session secret, which several instances already share.
  return crypto.createHmac('sha256', authSecret()).update(`platform-consent\0${sessionToken}`).digest('base64url');
}

/** Whether a submitted consent token belongs to this session. */
export function checkConsentToken(sessionToken: string, submitted: string): boolean {
  return safeEqual(consentToken(sessionToken), submitted);
}

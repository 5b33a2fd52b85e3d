import { componentLogger } from '@/lib/observability/logger';
import type pg from 'pg';
import { getPool } from '@/lib/db/pool';

const log = componentLogger('oauth');

export type PurgeCounts = { grants: number; tokens: number; codes: number; sessions: number };

/**
 * Deletes what can no longer authorize anything: revoked grants (their tokens and codes go
 * with them), grants whose every token has expired, expired or revoked tokens, expired
 * authorization codes and expired platform sign-in sessions. Nothing live is touched, so it
 * is safe to run at any time from any instance.
 */
export async function purgeOAuthRecords(db: pg.Pool = getPool()): Promise<PurgeCounts> {
  const grants = await db.query(
    `DELETE FROM platform.oauth_grants g
      WHERE g.revoked_at IS NOT NULL
         OR (g.created_at < now() - interval '1 minute'
             AND NOT EXISTS (SELECT 1 FROM platform.oauth_tokens t WHERE t.grant_id = g.id AND t.expires_at > now() AND t.revoked_at IS NULL)
             AND NOT EXISTS (SELECT 1 FROM platform.oauth_codes c WHERE c.grant_id = g.id AND c.expires_at > now()))`,
  );
  const tokens = await db.query(`DELETE FROM platform.oauth_tokens WHERE expires_at <= now() OR revoked_at IS NOT NULL`);
  const codes = await db.query(`DELETE FROM platform.oauth_codes WHERE expires_at <= now()`);
  const sessions = await db.query(`DELETE FROM platform.web_sessions WHERE expires_at <= now()`);
  return { grants: grants.rowCount ?? 0, tokens: tokens.rowCount ?? 0, codes: codes.rowCount ?? 0, sessions: sessions.rowCount ?? 0 };
}

/** Runs the purge every `intervalMs` (10 minutes by default) until the returned function is called. */
export function startOAuthPurge({ intervalMs = 10 * 60_000 } = {}): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    purgeOAuthRecords()
      .catch((error: Error) => log.error({ err: error }, `purge of revoked and expired grants failed: ${error.message}`))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

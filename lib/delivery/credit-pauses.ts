import { getPool } from '@/lib/db/pool';
import { getBalance } from '@/lib/credits';
import { wakeEndpointSql } from './wake-endpoint';

/**
 * Pauses rules that cannot pay for their matches: all of the account's active rules when its
 * balance ran out, the key's when its own spending limit did.
 */
export async function pauseRulesForCredits(owner: { userId: string; keyId: string }, reason: 'insufficient_credits' | 'key_limit_reached'): Promise<void> {
  const scope = reason === 'insufficient_credits' ? 'user_id = $1' : 'key_id = $2';
  await getPool().query(
    `UPDATE realtime_rules SET status = 'paused', paused_reason = $3, updated_at = now() WHERE ${scope} AND status = 'active' AND $1::text IS NOT NULL AND $2::text IS NOT NULL`,
    [owner.userId, owner.keyId, reason],
  );
}

/**
 * After a grant: the account's rules paused for credits resume, and its deliveries that were
 * waiting for credits are queued again. Several instances may hear the same grant; the
 * UPDATEs hand each row to one of them.
 */
export async function resumeAfterGrant(userId: string, minimumBalance: number): Promise<{ rules: number; deliveries: number }> {
  if ((await getBalance(userId)) < minimumBalance) return { rules: 0, deliveries: 0 };
  const rules = await getPool().query(
    `UPDATE realtime_rules SET status = 'active', paused_reason = NULL, updated_at = now() WHERE user_id = $1 AND paused_reason = 'insufficient_credits'`,
    [userId],
  );
  const deliveries = await getPool().query<{ resumed: number }>(
    `WITH resumed AS (
       UPDATE realtime_deliveries d SET status = 'pending' FROM realtime_endpoints e
       WHERE e.id = d.endpoint_id AND e.user_id = $1 AND d.status = 'awaiting_credits' RETURNING d.id, d.endpoint_id
     ), woken AS (
       SELECT ${wakeEndpointSql('r.endpoint_id')} FROM (SELECT DISTINCT endpoint_id FROM resumed) r
     ) SELECT (SELECT count(*) FROM resumed)::int AS resumed, (SELECT count(*) FROM woken)::int AS woken`,
    [userId],
  );
  return { rules: rules.rowCount ?? 0, deliveries: deliveries.rows[0].resumed };
}

/**
 * resumeAfterGrant for every account waiting for credits (rules paused for them, or deliveries
 * awaiting them): what a grant announced while nobody was listening would have done.
 */
export async function resumeAfterMissedGrants(minimumBalance: number): Promise<void> {
  const { rows } = await getPool().query<{ user_id: string }>(
    `SELECT user_id FROM realtime_rules WHERE paused_reason = 'insufficient_credits'
     UNION SELECT e.user_id FROM realtime_deliveries d JOIN realtime_endpoints e ON e.id = d.endpoint_id WHERE d.status = 'awaiting_credits'`,
  );
  for (const { user_id: userId } of rows) await resumeAfterGrant(userId, minimumBalance);
}

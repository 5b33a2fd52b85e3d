import { getPool } from '@/lib/db/pool';
import { toCredits } from '@/lib/credits/credit-amount';
import { notifyAccountEvents, storeAccountEventsCtes } from '@/lib/delivery/event-store';
import { runReportedLoop } from '@/lib/health/run-reported-loop';
import { DEFAULT_LOW_BALANCE_THRESHOLD } from './balance-alert';

export const BALANCE_LOW_EVENT = 'account.balance_low';

/** The balance watcher's name in /api/health. */
export const BALANCE_CHECK_LOOP = 'balance_check';

/** How often the realtime workers compare balances with thresholds (PERCH_BALANCE_CHECK_MS). */
export function balanceCheckInterval(): number {
  return Number(process.env.PERCH_BALANCE_CHECK_MS ?? 5_000);
}

// Only accounts with an active endpoint can be told, so only they are looked at. The balance
// is getBalance's (credits leased by instances counted in); an account without a row has the
// default threshold and is armed. Returned: the accounts whose state must change.
const SCAN_SQL = `
  WITH accounts AS (SELECT DISTINCT user_id FROM realtime_endpoints WHERE active),
  status AS (
    SELECT a.user_id,
           coalesce((SELECT balance FROM credit_balances b WHERE b.user_id = a.user_id), 0)
         + coalesce((SELECT sum(amount) FROM credit_leases l WHERE l.user_id = a.user_id), 0) AS balance,
           coalesce(ba.threshold, $1::bigint) AS threshold,
           coalesce(ba.notified, false) AS notified
    FROM accounts a LEFT JOIN balance_alerts ba ON ba.user_id = a.user_id
  )
  SELECT user_id, balance::text, threshold::text, notified FROM status
  WHERE (NOT notified AND threshold > 0 AND balance < threshold) OR (notified AND (threshold = 0 OR balance >= threshold))`;

// The claim: flipping notified from false to true (or creating the row, with the default
// threshold, already notified) succeeds for one instance only; the same statement stores the
// event (listable in GET /v2/events) and queues one delivery of it per active endpoint taking
// account.balance_low, so a claim never exists without its event and deliveries.
const NOTIFY_SQL = `
  WITH claimed AS (
    INSERT INTO balance_alerts AS ba (user_id, threshold, notified) VALUES ($1, $2::bigint, true)
    ON CONFLICT (user_id) DO UPDATE SET notified = true
      WHERE NOT ba.notified AND ba.threshold > 0 AND $3::bigint < ba.threshold
    RETURNING ba.user_id, ba.threshold
  ), ${storeAccountEventsCtes('claimed', { userId: 'claimed.user_id', event: `'${BALANCE_LOW_EVENT}'`, data: "jsonb_build_object('balance', $3::bigint, 'threshold', claimed.threshold)" })}
  SELECT s.id::text, (SELECT count(*) FROM event_turns)::int AS woken FROM stored_events s`;

const REARM_SQL = `
  UPDATE balance_alerts SET notified = false
  WHERE user_id = $1 AND notified AND (threshold = 0 OR $2::bigint >= threshold)`;

export type BalanceCheckResult = { notified: string[]; rearmed: string[] };

/**
 * One pass: accounts that fell below their threshold get one account.balance_low delivery
 * per active endpoint (and are marked notified); notified accounts back at or above it are
 * re-armed. Safe to run on every instance at once.
 */
export async function checkLowBalances(): Promise<BalanceCheckResult> {
  const pool = getPool();
  const result: BalanceCheckResult = { notified: [], rearmed: [] };
  const { rows } = await pool.query<{ user_id: string; balance: string; threshold: string; notified: boolean }>(SCAN_SQL, [DEFAULT_LOW_BALANCE_THRESHOLD]);
  for (const row of rows) {
    const balance = toCredits(row.balance);
    if (row.notified) {
      const { rowCount } = await pool.query(REARM_SQL, [row.user_id, balance]);
      if (rowCount) result.rearmed.push(row.user_id);
    } else {
      const { rows: sent } = await pool.query(NOTIFY_SQL, [row.user_id, DEFAULT_LOW_BALANCE_THRESHOLD, balance]);
      if (sent.length > 0) {
        result.notified.push(row.user_id);
        await notifyAccountEvents(pool, [row.user_id]);
      }
    }
  }
  return result;
}

/**
 * Runs checkLowBalances every interval until stopped, reporting to /api/health; a failed pass
 * (the database gone) is logged once per distinct problem and the next one tries again.
 */
export function startBalanceWatcher(intervalMs = balanceCheckInterval()): () => Promise<void> {
  return runReportedLoop({
    name: BALANCE_CHECK_LOOP,
    pass: checkLowBalances,
    intervalMs,
    log: { tag: 'realtime', recovered: 'balance checks work again', failed: 'balance check failed' },
  });
}

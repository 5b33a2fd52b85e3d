import { componentLogger } from '@/lib/observability/logger';
import { isDatabaseUnavailable } from '@/lib/db/database-unavailable';
import { getPool } from '@/lib/db/pool';
import { forgetLoop, reportLoopDown, reportLoopUp } from '@/lib/health/loop-health';
import { toCredits } from './credit-amount';
import { reclaimExpiredLeases } from './reclaim-expired-leases';

const log = componentLogger('credits');

// One stale hold per statement, refunded in full: the same hold → balance → key lock order as
// settleHold. Releasing holds one at a time keeps each statement to a single account, so two
// sweepers (two instances) never lock balance rows of different accounts in opposite orders;
// SKIP LOCKED lets them share the work and step around holds a settle is releasing right now.
const SWEEP_ONE_SQL = `
  WITH stale AS MATERIALIZED (
    DELETE FROM credit_holds WHERE id = (
      SELECT id FROM credit_holds
      WHERE created_at < now() - $1::int * interval '1 millisecond'
      ORDER BY created_at
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, user_id, key_id, amount
  ), refund AS MATERIALIZED (
    UPDATE credit_balances b SET balance = b.balance + s.amount, reserved = b.reserved - s.amount, updated_at = now()
    FROM stale s WHERE b.user_id = s.user_id
    RETURNING b.user_id
  ), unhold AS (
    UPDATE api_keys k SET credits_held = k.credits_held - s.amount
    FROM stale s WHERE k.id = s.key_id AND EXISTS (SELECT 1 FROM refund)
  )
  SELECT id::text, amount FROM stale`;

export type SweepResult = { released: number; credits: number };

/** The hold sweeper's name in /api/health. */
export const HOLD_SWEEPER_LOOP = 'hold_sweeper';

/** Releases holds older than `olderThanMs` (left by killed requests), refunding them in full. */
export async function sweepStaleHolds(olderThanMs: number, { maxHolds = 10_000 } = {}): Promise<SweepResult> {
  if (!Number.isInteger(olderThanMs) || olderThanMs < 0) throw new RangeError(`olderThanMs must be an integer >= 0, got ${olderThanMs}`);
  let released = 0;
  let credits = 0;
  while (released < maxHolds) {
    const { rows } = await getPool().query<{ id: string; amount: string }>({ name: 'perch_credits_sweep_one', text: SWEEP_ONE_SQL, values: [olderThanMs] });
    if (!rows[0]) break;
    released += 1;
    credits += toCredits(rows[0].amount);
  }
  return { released, credits };
}

export type HoldSweeperOptions = {
  /** Must exceed the longest a request can take (the operation timeout), or a slow call's hold is refunded under it. */
  olderThanMs?: number;
  intervalMs?: number;
};

/**
 * Sweeps stale holds and reclaims expired credit leases on an interval that does not keep the
 * process alive; returns a stop function.
 */
export function startHoldSweeper({ olderThanMs = 10 * 60_000, intervalMs = 60_000 }: HoldSweeperOptions = {}): () => void {
  let running = false;
  // A database outage fails every sweep until it is over: said once, not once a sweep.
  let outage = false;
  // A sweep is due every interval: one that failed is "recovering" until the next succeeds.
  const health = { graceMs: 2 * intervalMs + 10_000 };
  const timer = setInterval(() => {
    // A sweep slower than the interval must not overlap with the next one.
    if (running) return;
    running = true;
    sweepStaleHolds(olderThanMs)
      .then(async ({ released, credits }) => {
        if (outage) log.info('the database is back: stale hold sweeps resume');
        outage = false;
        reportLoopUp(HOLD_SWEEPER_LOOP, health);
        if (released > 0) log.warn({ released, credits }, `released ${released} stale hold(s), ${credits} credits refunded`);
        const leases = await reclaimExpiredLeases();
        if (leases.reclaimed > 0) log.warn({ reclaimed: leases.reclaimed, credits: leases.credits }, `reclaimed ${leases.reclaimed} expired lease(s) of stopped instances, ${leases.credits} credits returned`);
      })
      .catch((error: Error) => {
        reportLoopDown(HOLD_SWEEPER_LOOP, error, health);
        if (!isDatabaseUnavailable(error)) return log.error({ err: error }, `stale hold sweep failed: ${error.message}`);
        if (!outage) log.error(`stale hold sweeps wait for the database: ${error.message}`);
        outage = true;
      })
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    forgetLoop(HOLD_SWEEPER_LOOP);
  };
}

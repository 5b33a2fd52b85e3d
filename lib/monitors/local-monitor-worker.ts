import { componentLogger } from '@/lib/observability/logger';
import { inTransaction } from '@/lib/db/transaction';
import { subscribe } from '@/lib/delivery/notifications';
import { queueDrainLoop } from '@/lib/db/queue-drain-loop';
import { recordMonitorEvents } from './record-monitor-events';
import { loadMonitorRuleIndex } from './local-monitor-rules';
import { accountsOf, localUser, monitorEvents, type MonitorQueueRow } from './local-monitor-events';

const log = componentLogger('monitors');

const BATCH = 200;
/** The embedded platform's monitor worker in /api/health. */
export const LOCAL_MONITOR_LOOP = 'local_monitors';
/** The queue triggers' wake-up (migration 20261202090000_monitor_rules). */
export const MONITORS_CHANNEL = 'perch_realtime_monitors';
// NOTIFY is only a wake-up: a notification missed (the LISTEN connection being re-established)
// must not leave changes in the queue until the next one arrives.
const SWEEP_EVERY_MS = 5_000;

export type LocalMonitorWorker = { stop: () => Promise<void>; /** Records everything queued now; for tests and start-up. */ drain: () => Promise<void> };

/**
 * The embedded platform's account monitors: woken by the queue triggers' NOTIFY as a follow,
 * an unfollow or a profile change commits, it claims queued rows, turns them into follow.* and
 * profile.* events for the monitors naming their accounts, and records those events and deletes
 * the rows in one transaction: a crash puts the rows back, and their event keys keep the replay
 * from recording anything twice. The queue is also looked at every few seconds, and a failing
 * pass (the database gone) is retried with backoff until it succeeds.
 */
export async function startLocalMonitorWorker(): Promise<LocalMonitorWorker> {
  const recordBatch = async (): Promise<number> => {
    return inTransaction(async (client) => {
      // One batch at a time across instances: two committing side by side could store one
      // account's events out of order. A waiting instance then claims the rows after these.
      await client.query("SELECT pg_advisory_xact_lock(hashtext('perch'), hashtext('realtime_monitor_queue'))");
      // q.id: a bare "id" would sort by the text column of the same name.
      const { rows } = await client.query<MonitorQueueRow>(
        `SELECT id::text, change, follower_id::text, followee_id::text, user_id::text, old, new FROM realtime_monitor_queue q ORDER BY q.id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
      );
      if (rows.length === 0) return 0;
      const accounts = accountsOf(rows);
      const rules = await loadMonitorRuleIndex(client, accounts);
      const users = await client.query<{ id: string; username: string; name: string | null }>(
        'SELECT id::text, username, name FROM platform.users WHERE id = ANY($1::bigint[])',
        [accounts],
      );
      const lookup = new Map(users.rows.map((u) => [u.id, localUser(u.id, u.username, u.name)]));
      await recordMonitorEvents(client, monitorEvents(rows, rules, lookup));
      await client.query('DELETE FROM realtime_monitor_queue WHERE id = ANY($1::bigint[])', [rows.map((row) => row.id)]);
      return rows.length;
    });
  };

  // The claimed rows go back to the queue with a failed batch's rollback: the loop tries again.
  const { run, stop } = queueDrainLoop({ name: LOCAL_MONITOR_LOOP, what: 'account monitors', log, batchSize: BATCH, takeBatch: recordBatch });

  const sweep = setInterval(() => void run(), SWEEP_EVERY_MS);
  sweep.unref();
  const unsubscribe = await subscribe(MONITORS_CHANNEL, () => void run());
  // Changes queued while no worker was running are recorded now.
  void run();
  return {
    drain: async () => {
      await run();
      // A run that was already under way may have started before the caller's changes committed.
      await run();
    },
    stop: async () => {
      clearInterval(sweep);
      unsubscribe();
      await stop();
    },
  };
}

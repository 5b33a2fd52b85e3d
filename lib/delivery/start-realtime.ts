import { componentLogger } from '@/lib/observability/logger';
import { startMatchWorker, type MatchWorker } from '@/lib/rules/match-worker';
import { matchPriceCeiling } from './charge-match';
import { resumeAfterGrant, resumeAfterMissedGrants } from './credit-pauses';
import { DELIVERY_TASKS } from './delivery-tasks';
import { startJobQueue } from './job-queue';
import { subscribe } from './notifications';
import { superviseJobQueue, type SupervisedJobQueue } from './supervise-job-queue';
import { startStalledEndpointSweeper } from './wake-stalled-endpoints';
import { StartupError } from '@/lib/db/startup-error';
import { isDatabaseUnavailable } from '@/lib/db/database-unavailable';
import { startBalanceWatcher } from '@/lib/alerts/balance-low-events';
import { startBudgetWatcher } from '@/lib/budgets/budget-alerts';
import { runWhileLeader } from '@/lib/db/run-while-leader';
import { getServedPlatforms } from '@/lib/platform/served-platforms';
import { startBlueskySource } from '@/lib/rules/bluesky-source';
import { streamSource } from '@/lib/platform/bluesky/stream/open-stream';
import type { XSourceOptions } from '@/lib/rules/x-source';
import { startXPollers } from '@/lib/monitors/x-pollers';
import { startMonitors } from '@/lib/monitors/start-monitors';

const log = componentLogger('realtime');

const POSITIVE_INTEGERS = [
  'PERCH_RULES_PER_KEY',
  'PERCH_WEBHOOK_CONCURRENCY',
  'PERCH_WEBHOOK_ENDPOINT_CONCURRENCY',
  'PERCH_WEBHOOK_ACCOUNT_CONCURRENCY',
  'PERCH_WEBHOOK_BREAKER_FAILURES',
  'PERCH_WEBHOOK_BREAKER_OPEN_MS',
  'PERCH_WEBHOOK_BREAKER_MAX_OPEN_MS',
  'PERCH_WEBHOOK_RETRY_BASE_MS',
  'PERCH_WEBHOOK_RETRY_MAX_MS',
  'PERCH_WEBHOOK_RETRY_WINDOW_MS',
  'PERCH_WEBHOOK_TIMEOUT_MS',
  'PERCH_STREAM_RETENTION_HOURS',
  'PERCH_STREAM_HEARTBEAT_MS',
  'PERCH_EVENT_RETENTION_DAYS',
  'PERCH_MATCH_RETENTION_DAYS',
  'PERCH_BALANCE_CHECK_MS',
  'PERCH_BUDGET_CHECK_MS',
  'PERCH_X_SEARCH_BUDGET_PER_15_MIN',
];

/** A wrong setting stops the start with one line saying what to fix, as every other setting does. */
function checkRealtimeSettings(): void {
  for (const name of POSITIVE_INTEGERS) {
    const value = process.env[name];
    if (value !== undefined && !/^[1-9][0-9]*$/.test(value)) throw new StartupError(`${name} must be a positive whole number, got "${value}"`);
  }
}

export type Realtime = { matcher: MatchWorker; queue: SupervisedJobQueue; stop: () => Promise<void> };

/**
 * Starts this instance's share of real-time work: the job queue (webhook deliveries), the
 * matcher (new tweets against rules), the credit watcher (rules paused for credits resume
 * on a grant) and the balance watcher (account.balance_low events), and, when Bluesky is
 * served, a candidate for reading its event stream (one instance of all reads it), and when X
 * is served, a candidate for polling its recent search (likewise one). Any number of instances
 * may run it against one database. `options.x` tunes the X source (tests shrink its time).
 */
export async function startRealtime(options: { x?: XSourceOptions } = {}): Promise<Realtime> {
  checkRealtimeSettings();
  // Supervised: a runner that loses its workers to a database outage is replaced (supervise-job-queue.ts).
  const queue = await superviseJobQueue(() =>
    startJobQueue(
      DELIVERY_TASKS,
      Number(process.env.PERCH_WEBHOOK_CONCURRENCY ?? 10),
    ),
  );
  const stopSweeper = startStalledEndpointSweeper();
  const matcher = await startMatchWorker();
  // Account monitors (follows and profile rules) of every platform served (lib/monitors).
  const monitors = await startMonitors();
  const unsubscribeCredits = await subscribe('perch_realtime_credits', (userId) => {
    if (userId) {
      void matchPriceCeiling(userId)
        .then((price) => resumeAfterGrant(userId, price))
        .catch((error: Error) => log.error({ account_id: userId, err: error }, `resuming ${userId} failed: ${error.message}`));
    }
    // "": grants may have been announced while the LISTEN connection was away. (Asked when it
    // goes too, when the database is usually gone with it: that failure is expected.)
    else {
      void matchPriceCeiling()
        .then((price) => resumeAfterMissedGrants(price))
        .catch((error: Error) => {
          if (!isDatabaseUnavailable(error)) log.error({ err: error }, `resuming accounts after missed grants failed: ${error.message}`);
        });
    }
  });
  const stopBalanceWatcher = startBalanceWatcher();
  // Budget alerts (budget.threshold events and mails) and deliveries woken when a budget resets.
  const stopBudgetWatcher = startBudgetWatcher(() => matchPriceCeiling());
  const bluesky = getServedPlatforms().bluesky;
  // One reader of a stream per database: two would move its stored position twice. The lock
  // is the stream's own (its position's key), so instances configured with different streams
  // do not stand by for each other.
  const blueskySource = bluesky ? runWhileLeader({ name: `bluesky-source:${streamSource(bluesky)}`, start: () => startBlueskySource(bluesky), health: 'bluesky_source' }) : null;
  // One poller of X per database, for tweet rules and monitors alike: X's limits are the app's.
  const xSource = startXPollers(options.x);
  return {
    matcher,
    queue,
    stop: async () => {
      await blueskySource?.stop();
      await xSource?.stop();
      unsubscribeCredits();
      await stopBalanceWatcher();
      await stopBudgetWatcher();
      await monitors.stop();
      await matcher.stop();
      await stopSweeper();
      await queue.stop();
    },
  };
}

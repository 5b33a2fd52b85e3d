import { componentLogger } from '@/lib/observability/logger';
import { inTransaction } from '@/lib/db/transaction';
import { subscribe } from '@/lib/delivery/notifications';
import { purgeExpiredEvents } from '@/lib/delivery/event-store';
import { queueDrainLoop } from '@/lib/db/queue-drain-loop';
import { CHANNELS, compileActiveRules, recordMatches, type FoundMatch } from './record-matches';
import type { CompiledRule } from './compile-rule';
import { loadMatchableTweets } from './matchable-tweets';

const log = componentLogger('realtime');


const BATCH = 200;
/** The matcher's name in /api/health. */
export const MATCH_LOOP = 'matcher';
// NOTIFY is only a wake-up: a notification missed (a LISTEN connection being re-established)
// must not leave tweets in the queue until the next one arrives.
const SWEEP_EVERY_MS = 5_000;

export type MatchWorker = { stop: () => Promise<void>; /** Matches everything queued now; for tests and start-up. */ drain: () => Promise<void> };

/**
 * The embedded platform's matcher: woken by the tweets trigger's notification as each insert commits, it claims
 * queued tweets (FOR UPDATE SKIP LOCKED: one instance per tweet), tests them against every
 * active rule compiled in memory, and records each (rule, tweet) once with its deliveries.
 * The queue is the truth: it is also looked at every few seconds and after the LISTEN connection
 * comes back, and a failing pass (the database gone) is retried with backoff until it succeeds.
 */
export async function startMatchWorker(): Promise<MatchWorker> {
  let rules: CompiledRule[] = [];
  let rulesStale = true;

  const reloadRules = async () => {
    rulesStale = false;
    try {
      rules = await compileActiveRules('local');
    } catch (error) {
      rulesStale = true; // loaded again on the next try, not left out of date
      throw error;
    }
  };

  const matchBatch = async (): Promise<number> => {
    if (rulesStale) await reloadRules();
    return inTransaction(async (client) => {
      const claimed = await client.query<{ id: string }>(`SELECT tweet_id::text AS id FROM realtime_tweet_queue ORDER BY tweet_id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`);
      const ids = claimed.rows.map((row) => row.id);
      if (ids.length === 0) return 0;
      const found: FoundMatch[] = [];
      for (const { matchable, record } of await loadMatchableTweets(ids)) {
        for (const rule of rules) if (rule.test(matchable)) found.push({ rule_id: rule.id, tweet_id: record.id, tweet: record });
      }
      await recordMatches(client, found);
      await client.query('DELETE FROM realtime_tweet_queue WHERE tweet_id = ANY($1::bigint[])', [ids]);
      return ids.length;
    });
  };

  // The claimed tweets go back to the queue with a failed batch's rollback: the loop tries again.
  const { run, stop } = queueDrainLoop({ name: MATCH_LOOP, what: 'matching', log, batchSize: BATCH, takeBatch: matchBatch });

  // Events (matches and every other kind) older than PERCH_EVENT_RETENTION_DAYS are purged (with
  // their delivery log) once an hour, by whichever instance gets there (event-store.ts).
  const purge = setInterval(() => {
    void purgeExpiredEvents().catch((error: Error) => log.error({ err: error }, `purging old events failed: ${error.message}`));
  }, 3_600_000);
  purge.unref();
  const sweep = setInterval(() => void run(), SWEEP_EVERY_MS);
  sweep.unref();

  const unsubscribeRules = await subscribe(CHANNELS.rules, () => {
    rulesStale = true;
  });
  const unsubscribeTweets = await subscribe(CHANNELS.tweets, () => void run());
  // Tweets queued while no matcher was running are matched now.
  void run();
  return {
    drain: async () => {
      await run();
      // A run that was already under way may have started before the caller's tweets committed.
      await run();
    },
    stop: async () => {
      clearInterval(purge);
      clearInterval(sweep);
      unsubscribeRules();
      unsubscribeTweets();
      await stop();
    },
  };
}

import { getPool } from '@/lib/db/pool';
import { enqueueDeliverySql } from '@/lib/delivery/job-queue';
import { subscribe } from '@/lib/delivery/notifications';
import { compileRule, type CompiledRule } from './compile-rule';
import { loadMatchableTweets } from './matchable-tweets';
import { loadActiveRules } from './rule-store';

/** Channels: the tweets trigger, the rules trigger, and the one streams listen on for new matches. */
export const CHANNELS = { tweets: 'perch_realtime_tweets', rules: 'perch_realtime_rules', matches: 'perch_realtime_matches' } as const;

const BATCH = 200;

// A batch's matches, its webhook deliveries and their jobs, in one statement of the claiming
// transaction. Rules paused or deleted since the rule set was loaded are left out here.
const RECORD_SQL = `
  WITH found AS (
    SELECT x.* FROM jsonb_to_recordset($1::jsonb) AS x(rule_id bigint, tweet_id bigint, tweet jsonb)
  ), matched AS (
    INSERT INTO realtime_matches (rule_id, user_id, key_id, tweet_id, tweet)
    SELECT r.id, r.user_id, r.key_id, f.tweet_id, f.tweet FROM found f JOIN realtime_rules r ON r.id = f.rule_id AND r.status = 'active'
    -- A revoked or expired key's rules match nothing: revocation does not notify the matchers.
    JOIN api_keys k ON k.id = r.key_id AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())
    ORDER BY f.tweet_id, r.id
    ON CONFLICT ON CONSTRAINT realtime_matches_once DO NOTHING
    RETURNING id, user_id, key_id
  ), delivered AS (
    INSERT INTO realtime_deliveries (endpoint_id, match_id, event)
    SELECT e.id, m.id, 'rule.match' FROM matched m JOIN realtime_endpoints e ON e.user_id = m.user_id AND e.active
    RETURNING id
  ), jobs AS (
    SELECT ${enqueueDeliverySql('delivered.id')} FROM delivered
  )
  SELECT (SELECT count(*) FROM jobs)::int AS jobs, coalesce((SELECT array_agg(DISTINCT key_id) FROM matched), '{}') AS keys, (SELECT count(*) FROM matched)::int AS matches`;

export type MatchWorker = { stop: () => Promise<void>; /** Matches everything queued now; for tests and start-up. */ drain: () => Promise<void> };

/**
 * The matcher: woken by the tweets trigger's notification as each insert commits, it claims
 * queued tweets (FOR UPDATE SKIP LOCKED: one instance per tweet), tests them against every
 * active rule compiled in memory, and records each (rule, tweet) once with its deliveries.
 */
export async function startMatchWorker(): Promise<MatchWorker> {
  let rules: CompiledRule[] = [];
  let rulesStale = true;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const reloadRules = async () => {
    rulesStale = false;
    const rows = await loadActiveRules();
    rules = rows.flatMap((row) => {
      try {
        return [compileRule(row)];
      } catch (error) {
        console.error(`[realtime] rule ${row.id} does not compile: ${(error as Error).message}`);
        return [];
      }
    });
  };

  const matchBatch = async (): Promise<number> => {
    if (rulesStale) await reloadRules();
    const client = await getPool().connect();
    try {
      await client.query('BEGIN');
      const claimed = await client.query<{ id: string }>(`SELECT tweet_id::text AS id FROM realtime_tweet_queue ORDER BY tweet_id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`);
      const ids = claimed.rows.map((row) => row.id);
      if (ids.length === 0) {
        await client.query('COMMIT');
        return 0;
      }
      const found: { rule_id: string; tweet_id: string; tweet: unknown }[] = [];
      for (const { matchable, record } of await loadMatchableTweets(ids)) {
        for (const rule of rules) if (rule.test(matchable)) found.push({ rule_id: rule.id, tweet_id: record.id, tweet: record });
      }
      if (found.length > 0) {
        const { rows } = await client.query<{ keys: string[] }>(RECORD_SQL, [JSON.stringify(found)]);
        if (rows[0].keys.length > 0) await client.query(`SELECT pg_notify('${CHANNELS.matches}', k) FROM unnest($1::text[]) k`, [rows[0].keys]);
      }
      await client.query('DELETE FROM realtime_tweet_queue WHERE tweet_id = ANY($1::bigint[])', [ids]);
      await client.query('COMMIT');
      return ids.length;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          while (!stopped && (await matchBatch()) === BATCH);
        } catch (error) {
          // The claimed tweets went back to the queue with the rollback; try again shortly.
          console.error(`[realtime] matching failed, retrying: ${(error as Error).message}`);
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          again = !stopped;
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  // Matches older than the retention are purged (with their delivery log) once an hour, by
  // whichever instance gets there: keeps the table to what streams and retries can still use.
  const purge = setInterval(() => {
    void getPool()
      .query(`DELETE FROM realtime_matches WHERE matched_at < now() - $1 * interval '1 day'`, [Number(process.env.PERCH_MATCH_RETENTION_DAYS ?? 7)])
      .catch((error: Error) => console.error(`[realtime] purging old matches failed: ${error.message}`));
  }, 3_600_000);
  purge.unref();

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
      stopped = true;
      clearInterval(purge);
      unsubscribeRules();
      unsubscribeTweets();
      await running;
    },
  };
}

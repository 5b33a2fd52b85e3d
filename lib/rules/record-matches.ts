import { componentLogger } from '@/lib/observability/logger';
import type pg from 'pg';
import { wakeEndpointSql } from '@/lib/delivery/wake-endpoint';
import { endpointTakesSql, EVENTS_CHANNEL } from '@/lib/delivery/event-store';
import type { PlatformName } from '@/lib/platform/platform';
import type { Tweet } from '@/lib/platform/types';
import { compileRule, type CompiledRule } from './compile-rule';
import { loadActiveRules } from './rule-store';

const log = componentLogger('realtime');

/** Channels: the tweets trigger, the rules trigger, and the one streams listen on for new matches. */
export const CHANNELS = { tweets: 'perch_realtime_tweets', rules: 'perch_realtime_rules', matches: EVENTS_CHANNEL } as const;

/** A rule that matched a tweet, and the tweet as deliveries carry it. */
export type FoundMatch = { rule_id: string; tweet_id: string; tweet: Tweet };

// A batch's matches (rule.match rows of the event store), its webhook deliveries (to the endpoints taking rule.match) and a turn for each endpoint given some (however
// many), in one statement of the caller's transaction. Rules paused or deleted since the rule
// set was loaded are left out here.
const RECORD_SQL = `
  WITH found AS (
    SELECT x.* FROM jsonb_to_recordset($1::jsonb) AS x(rule_id bigint, tweet_id text, tweet jsonb)
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
    SELECT e.id, m.id, 'rule.match' FROM matched m JOIN realtime_endpoints e ON e.user_id = m.user_id AND e.active AND ${endpointTakesSql('e', "'rule.match'")}
    RETURNING id, endpoint_id
  ), jobs AS (
    SELECT ${wakeEndpointSql('woken.endpoint_id')} FROM (SELECT DISTINCT endpoint_id FROM delivered) woken
  )
  SELECT (SELECT count(*) FROM jobs)::int AS jobs, coalesce((SELECT array_agg(DISTINCT key_id) FROM matched), '{}') AS keys, (SELECT count(*) FROM matched)::int AS matches`;

/**
 * Records each (rule, tweet) once, with a delivery per active endpoint of the account and its
 * job, and wakes the keys' streams when the caller's transaction commits. A (rule, tweet)
 * recorded before (a replayed stream, a retried batch) is left as it is: delivered once.
 */
export async function recordMatches(client: pg.PoolClient, found: readonly FoundMatch[]): Promise<void> {
  if (found.length === 0) return;
  const { rows } = await client.query<{ keys: string[] }>(RECORD_SQL, [JSON.stringify(found)]);
  if (rows[0].keys.length > 0) await client.query(`SELECT pg_notify('${CHANNELS.matches}', k) FROM unnest($1::text[]) k`, [rows[0].keys]);
}

/** Every active rule watching `platform`, compiled; a rule that no longer compiles is logged and left out. */
export async function compileActiveRules(platform: PlatformName): Promise<CompiledRule[]> {
  const rows = await loadActiveRules(platform);
  return rows.flatMap((row) => {
    try {
      return [compileRule(row)];
    } catch (error) {
      log.error({ rule_id: row.id }, `rule ${row.id} does not compile: ${(error as Error).message}`);
      return [];
    }
  });
}

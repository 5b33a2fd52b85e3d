import type pg from 'pg';
import { inTransaction } from '@/lib/db/transaction';

// Where each polled X query of a rule has read up to (realtime_x_positions): X's since_id once a
// poll found a tweet, the time the query was first polled before that. A query no active rule
// polls any more (rule paused, deleted, replaced) is forgotten, so it starts from then when
// polled again, as rules on the other platforms see only what comes while they are active.

/** One X query a rule polls. */
export type PolledQuery = { ruleId: string; query: string };

export type XPosition = PolledQuery & { sinceId: string | null; startedAt: Date };

/** Keeps the positions of exactly these queries (new ones start now) and answers them. */
export async function syncPositions(queries: readonly PolledQuery[]): Promise<XPosition[]> {
  const ruleIds = queries.map((q) => q.ruleId);
  const texts = queries.map((q) => q.query);
  return inTransaction(async (client) => {
    await client.query(
      `DELETE FROM realtime_x_positions p WHERE NOT EXISTS (SELECT 1 FROM unnest($1::bigint[], $2::text[]) AS u(rule_id, query) WHERE u.rule_id = p.rule_id AND u.query = p.query)`,
      [ruleIds, texts],
    );
    // A rule deleted since it was loaded has no row to point at: it is left out, not an error.
    await client.query(
      `INSERT INTO realtime_x_positions (rule_id, query) SELECT u.rule_id, u.query FROM unnest($1::bigint[], $2::text[]) AS u(rule_id, query)
       WHERE EXISTS (SELECT 1 FROM realtime_rules r WHERE r.id = u.rule_id) ON CONFLICT DO NOTHING`,
      [ruleIds, texts],
    );
    const { rows } = await client.query<{ rule_id: string; query: string; since_id: string | null; started_at: Date }>(
      'SELECT rule_id::text, query, since_id, started_at FROM realtime_x_positions',
    );
    return rows.map((row) => ({ ruleId: row.rule_id, query: row.query, sinceId: row.since_id, startedAt: row.started_at }));
  });
}

/** Moves a query's since_id inside the caller's transaction (the one recording its matches); a forgotten query stays forgotten. */
export async function saveSinceId(client: pg.PoolClient, position: PolledQuery, sinceId: string): Promise<void> {
  await client.query('UPDATE realtime_x_positions SET since_id = $3, updated_at = now() WHERE rule_id = $1 AND query = $2', [position.ruleId, position.query, sinceId]);
}

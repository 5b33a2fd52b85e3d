import type pg from 'pg';
import type { FollowDirection } from '@/lib/rules/rule-store';

/** An active follows or profile monitor on the embedded platform, as its events need it. */
export type LocalMonitorRule = { id: string; kind: 'follows' | 'profile'; direction: FollowDirection | null; accounts: string[]; account_ids: string[] };

/** Platform account id → the active monitors naming it, per family, in rule id order. */
export type MonitorRuleIndex = Map<string, { follows: LocalMonitorRule[]; profile: LocalMonitorRule[] }>;

// Read in the transaction that claimed the queue rows rather than kept in memory between
// batches: a row is queued only while a monitor names its account (the queue triggers), and a
// rule created a moment before a follow must see that follow even when its NOTIFY on the rules
// channel has not reached this process yet. One index scan (realtime_rules_monitored) per batch.
const RULES_SQL = `SELECT r.id::text, r.kind, r.direction, r.accounts, r.account_ids FROM realtime_rules r
  WHERE r.status = 'active' AND r.platform = 'local' AND r.kind IN ('follows', 'profile') AND r.account_ids && $1::text[] ORDER BY r.id`;

/** The monitors naming any of `accountIds`, indexed by account. */
export async function loadMonitorRuleIndex(client: pg.PoolClient, accountIds: readonly string[]): Promise<MonitorRuleIndex> {
  const index: MonitorRuleIndex = new Map();
  if (accountIds.length === 0) return index;
  const wanted = new Set(accountIds);
  const { rows } = await client.query<LocalMonitorRule>(RULES_SQL, [[...wanted]]);
  for (const rule of rows) {
    // A follows monitor watches its first account only, a profile monitor all of them.
    const ids = rule.kind === 'follows' ? rule.account_ids.slice(0, 1) : rule.account_ids;
    for (const id of ids) {
      if (!wanted.has(id)) continue;
      let entry = index.get(id);
      if (!entry) index.set(id, (entry = { follows: [], profile: [] }));
      entry[rule.kind].push(rule);
    }
  }
  return index;
}

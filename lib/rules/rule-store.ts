import { storableId } from '@/lib/platform/local/ids';
import { getPool } from '@/lib/db/pool';
import type { PlatformName } from '@/lib/platform/platform';
import type { RuleRow } from './compile-rule';

/** A stored rule as the matchers need it, with X's poll interval. */
export type ActiveRule = RuleRow & { interval_seconds: number | null; direction: FollowDirection | null; accounts: string[] };

/** The kinds of rule: two watch new tweets, two watch accounts (issue 32's monitors). */
export const TWEET_RULE_KINDS = ['query', 'accounts'] as const;
export const MONITOR_RULE_KINDS = ['follows', 'profile'] as const;
export type RuleKind = (typeof TWEET_RULE_KINDS)[number] | (typeof MONITOR_RULE_KINDS)[number];
/** Whose follows a follows monitor watches: the account's followers, the accounts it follows, or both. */
export type FollowDirection = 'followers' | 'following' | 'both';

/** A rule as the API shows it. */
export type Rule = {
  id: string;
  tag: string;
  type: RuleKind;
  query: string | null;
  /** The usernames an accounts, follows or profile rule watches (lower case); empty for a query rule. */
  accounts: string[];
  /** A follows monitor's account and direction; null for the other kinds. */
  follows: { username: string; direction: FollowDirection } | null;
  /** A profile monitor's accounts; null for the other kinds. */
  profile: { usernames: string[] } | null;
  /** The platform whose new tweets the rule watches: the one that served the request creating or replacing it. */
  platform: PlatformName;
  /** X only: seconds between polls of X's recent search for the rule; null on other platforms. */
  interval_seconds: number | null;
  status: 'active' | 'paused';
  paused_reason: 'paused_by_user' | 'insufficient_credits' | 'key_limit_reached' | null;
  created_at: string;
  updated_at: string;
};

type StoredRule = ActiveRule & { accounts: string[]; status: Rule['status']; paused_reason: Rule['paused_reason']; created_at: Date; updated_at: Date };

const COLUMNS = `id::text, user_id, key_id, tag, kind, query, text_query, accounts, account_ids, platform, interval_seconds, direction, status, paused_reason, created_at, updated_at`;

function toRule(row: StoredRule): Rule {
  return {
    id: row.id,
    tag: row.tag,
    type: row.kind,
    query: row.query,
    accounts: row.accounts,
    follows: row.kind === 'follows' ? { username: row.accounts[0], direction: row.direction ?? 'followers' } : null,
    profile: row.kind === 'profile' ? { usernames: row.accounts } : null,
    platform: row.platform,
    interval_seconds: row.interval_seconds,
    status: row.status,
    paused_reason: row.paused_reason,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

type ResolvedAccount = { id: string; username: string };

/**
 * What a rule is made of: the platform it watches (with X's poll interval), and a query, a set of
 * accounts whose tweets it takes, one account whose follows it watches, or accounts whose profiles
 * it watches (usernames with their platform ids, resolved when the rule is written).
 */
export type RuleDefinition = { tag: string; platform: PlatformName; intervalSeconds: number | null } & (
  | { kind: 'query'; query: string }
  | { kind: 'accounts'; accounts: ResolvedAccount[] }
  | { kind: 'follows'; account: ResolvedAccount; direction: FollowDirection }
  | { kind: 'profile'; accounts: ResolvedAccount[] }
);

type DefinitionValues = [string, RuleKind, string | null, string[], string[], PlatformName, number | null, FollowDirection | null];

function definitionValues(definition: RuleDefinition): DefinitionValues {
  const { tag, platform, intervalSeconds } = definition;
  if (definition.kind === 'query') return [tag, 'query', definition.query, [], [], platform, intervalSeconds, null];
  const accounts = definition.kind === 'follows' ? [definition.account] : definition.accounts;
  const direction = definition.kind === 'follows' ? definition.direction : null;
  return [tag, definition.kind, null, accounts.map((a) => a.username.toLowerCase()), accounts.map((a) => a.id), platform, intervalSeconds, direction];
}

// The key's rule count is checked in the inserting statement, under a lock on the key's row,
// so two concurrent creates cannot both take the last place.
const CREATE_SQL = `
  WITH key_row AS (SELECT id FROM api_keys WHERE id = $2 FOR UPDATE),
  counted AS (SELECT count(*) AS n FROM realtime_rules WHERE key_id = $2 AND EXISTS (SELECT 1 FROM key_row))
  INSERT INTO realtime_rules (user_id, key_id, tag, kind, query, text_query, accounts, account_ids, platform, interval_seconds, direction)
  SELECT $1, $2, $3, $4, $5, CASE WHEN $5::text IS NULL THEN NULL ELSE websearch_to_tsquery('simple', $8)::text END, $6, $7::text[], $10, $11, $12
  FROM counted WHERE n < $9
  RETURNING ${COLUMNS}`;

/** Stores a new rule for a key, or null when the key already has `maxRules`. `text` is the query's full-text part. */
export async function createRule(owner: { userId: string; keyId: string }, definition: RuleDefinition, text: string, maxRules: number): Promise<Rule | null> {
  const [tag, kind, query, accounts, accountIds, platform, intervalSeconds, direction] = definitionValues(definition);
  const { rows } = await getPool().query<StoredRule>(CREATE_SQL, [owner.userId, owner.keyId, tag, kind, query, accounts, accountIds, text, maxRules, platform, intervalSeconds, direction]);
  return rows[0] ? toRule(rows[0]) : null;
}

/** A key's rules, oldest first, after `afterId` (keyset paging). */
export async function listRules(keyId: string, limit: number, afterId: string | null): Promise<Rule[]> {
  const { rows } = await getPool().query<StoredRule>(
    `SELECT ${COLUMNS} FROM realtime_rules WHERE key_id = $1 AND ($2::bigint IS NULL OR realtime_rules.id > $2::bigint) ORDER BY realtime_rules.id LIMIT $3`,
    [keyId, afterId, limit],
  );
  return rows.map(toRule);
}

/** One of the key's rules, or null (another key's rule is as absent as a missing one). */
export async function getRule(keyId: string, ruleId: string): Promise<Rule | null> {
  // An id beyond bigint names no row (and would fail the query): not found.
  if (storableId(ruleId) === null) return null;
  const { rows } = await getPool().query<StoredRule>(`SELECT ${COLUMNS} FROM realtime_rules WHERE key_id = $1 AND id = $2::bigint`, [keyId, ruleId]);
  return rows[0] ? toRule(rows[0]) : null;
}

/** Replaces a rule's tag and definition; null when the key has no such rule. */
export async function updateRule(keyId: string, ruleId: string, definition: RuleDefinition, text: string): Promise<Rule | null> {
  // An id beyond bigint names no row (and would fail the query): not found.
  if (storableId(ruleId) === null) return null;
  const [tag, kind, query, accounts, accountIds, platform, intervalSeconds, direction] = definitionValues(definition);
  const { rows } = await getPool().query<StoredRule>(
    `UPDATE realtime_rules SET tag = $3, kind = $4, query = $5,
       text_query = CASE WHEN $5::text IS NULL THEN NULL ELSE websearch_to_tsquery('simple', $8)::text END,
       accounts = $6, account_ids = $7::text[], platform = $9, interval_seconds = $10, direction = $11, updated_at = now()
     WHERE key_id = $1 AND id = $2::bigint RETURNING ${COLUMNS}`,
    [keyId, ruleId, tag, kind, query, accounts, accountIds, text, platform, intervalSeconds, direction],
  );
  return rows[0] ? toRule(rows[0]) : null;
}

/** Pauses (with a reason) or resumes one rule; null when the key has no such rule. */
export async function setRuleStatus(keyId: string, ruleId: string, pausedReason: Rule['paused_reason']): Promise<Rule | null> {
  // An id beyond bigint names no row (and would fail the query): not found.
  if (storableId(ruleId) === null) return null;
  const { rows } = await getPool().query<StoredRule>(
    `UPDATE realtime_rules SET status = CASE WHEN $3::text IS NULL THEN 'active' ELSE 'paused' END, paused_reason = $3, updated_at = now()
     WHERE key_id = $1 AND id = $2::bigint RETURNING ${COLUMNS}`,
    [keyId, ruleId, pausedReason],
  );
  return rows[0] ? toRule(rows[0]) : null;
}

/** Deletes a rule and its matches; the rule as it was, or null when the key has no such rule. */
export async function deleteRule(keyId: string, ruleId: string): Promise<Rule | null> {
  // An id beyond bigint names no row (and would fail the query): not found.
  if (storableId(ruleId) === null) return null;
  const { rows } = await getPool().query<StoredRule>(`DELETE FROM realtime_rules WHERE key_id = $1 AND id = $2::bigint RETURNING ${COLUMNS}`, [keyId, ruleId]);
  return rows[0] ? toRule(rows[0]) : null;
}

const ACTIVE_RULES = `FROM realtime_rules r WHERE status = 'active' AND platform = $1 AND kind = ANY ($2::text[])
  AND EXISTS (SELECT 1 FROM api_keys k WHERE k.id = r.key_id AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now()))`;

/** Every active rule of every key that watches `platform`, of the kinds given (tweet rules unless told), for its matcher or monitor. */
export async function loadActiveRules(platform: PlatformName, kinds: readonly RuleKind[] = TWEET_RULE_KINDS): Promise<ActiveRule[]> {
  const { rows } = await getPool().query<ActiveRule>(`SELECT ${COLUMNS} ${ACTIVE_RULES}`, [platform, kinds]);
  return rows;
}

/** Whether any rule of the kinds given (tweet rules unless told) watching `platform` is active (an external stream is read only then). */
export async function hasActiveRules(platform: PlatformName, kinds: readonly RuleKind[] = TWEET_RULE_KINDS): Promise<boolean> {
  const { rows } = await getPool().query(`SELECT 1 ${ACTIVE_RULES} LIMIT 1`, [platform, kinds]);
  return rows.length > 0;
}

/** Whether the key has any rule at all (the stream needs one). */
export async function keyHasRules(keyId: string): Promise<boolean> {
  const { rows } = await getPool().query('SELECT 1 FROM realtime_rules WHERE key_id = $1 LIMIT 1', [keyId]);
  return rows.length > 0;
}

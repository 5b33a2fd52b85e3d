import { getPool } from '@/lib/db/pool';
import { circuitState, type CircuitState } from '@/lib/delivery/circuit-breaker';
import type { EndpointKind } from '@/lib/delivery/targets/endpoint-kinds';
import type { FollowDirection, RuleKind } from '@/lib/rules/rule-store';
import type { DeliveryStatus } from './delivery-status';

export type DashboardRule = {
  id: string;
  tag: string;
  /** query and accounts watch tweets; follows and profile are account monitors (issue 32). */
  kind: RuleKind;
  /** A follows monitor's direction; null for the other kinds. */
  direction: FollowDirection | null;
  /** The platform whose posts the rule watches. */
  platform: string;
  query: string | null;
  accounts: string[];
  definition: string;
  status: string;
  pausedReason: string | null;
  keyId: string;
  keyName: string;
  /** False once the key is revoked or expired: its rules match nothing and cannot be managed as it. */
  keyUsable: boolean;
  matches: number;
};
export type DashboardEndpoint = {
  id: string;
  /** webhook, slack, discord or email (migration 20261201111500_endpoint_kinds). */
  type: EndpointKind;
  url: string;
  /** email endpoints: the address and the digest period. */
  email: string | null;
  digestMinutes: number | null;
  /** The events routed to it; null: every event. */
  events: string[] | null;
  description: string;
  createdAt: string;
  previousSecretExpiresAt: string | null;
  /** The circuit breaker: open while deliveries are paused after failed attempts in a row. */
  circuit: CircuitState;
  consecutiveFailures: number;
  /** When a paused endpoint gets its trial attempt (HH:MM UTC); null when closed. */
  retryAt: string | null;
};
type EndpointRow = Omit<DashboardEndpoint, 'circuit'> & { circuitOpenUntil: Date | null };
export type DashboardDelivery = {
  id: string;
  endpointUrl: string;
  event: string;
  ruleTag: string | null;
  tweetId: string | null;
  status: string;
  attempts: number;
  statusCode: number | null;
  error: string | null;
  latencyMs: number | null;
  createdAt: string;
  /** When the last POST was made, and when it was last replayed (null when never). */
  lastAttemptAt: string | null;
  replayedAt: string | null;
  nextAttemptAt: string | null;
};
export type Realtime = { rules: DashboardRule[]; endpoints: DashboardEndpoint[]; deliveries: DashboardDelivery[] };

/** An account's rules and monitors (of all its keys), webhook endpoints and latest deliveries, for the Monitors page. */
export async function getRealtime(userId: string, status: DeliveryStatus | null): Promise<Realtime> {
  const pool = getPool();
  const [rules, endpoints, deliveries] = await Promise.all([
    pool.query<DashboardRule>(
      `SELECT r.id::text, r.tag, r.kind, r.direction, r.platform, r.query, r.accounts, coalesce(r.query, array_to_string(r.accounts, ', ')) AS definition, r.status, r.paused_reason AS "pausedReason",
              k.id AS "keyId", k.name AS "keyName", (k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())) AS "keyUsable",
              (SELECT count(*)::int FROM realtime_matches m WHERE m.rule_id = r.id) AS matches
       FROM realtime_rules r JOIN api_keys k ON k.id = r.key_id WHERE r.user_id = $1 ORDER BY r.id`,
      [userId],
    ),
    pool.query<EndpointRow>(
      `SELECT id::text, kind AS type, url, email_to AS email, digest_minutes AS "digestMinutes", events, description, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS "createdAt",
              to_char(previous_secret_expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS "previousSecretExpiresAt",
              consecutive_failures AS "consecutiveFailures", circuit_open_until AS "circuitOpenUntil",
              to_char(circuit_open_until AT TIME ZONE 'UTC', 'HH24:MI') AS "retryAt"
       FROM realtime_endpoints WHERE user_id = $1 ORDER BY realtime_endpoints.id`,
      [userId],
    ),
    pool.query<DashboardDelivery>(
      `SELECT d.id::text, e.url AS "endpointUrl", d.event, r.tag AS "ruleTag", m.tweet_id::text AS "tweetId", d.status, d.attempts, d.last_status_code AS "statusCode",
              d.last_error AS error, d.last_latency_ms AS "latencyMs", to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "createdAt",
              to_char(d.next_attempt_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "nextAttemptAt",
              to_char(d.last_attempt_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "lastAttemptAt",
              to_char(d.replayed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "replayedAt"
       FROM realtime_deliveries d JOIN realtime_endpoints e ON e.id = d.endpoint_id
       LEFT JOIN realtime_matches m ON m.id = d.match_id LEFT JOIN realtime_rules r ON r.id = m.rule_id
       WHERE e.user_id = $1 AND ($2::text IS NULL OR d.status = $2) ORDER BY coalesce(d.replayed_at, d.created_at) DESC, d.id LIMIT 100`,
      [userId, status],
    ),
  ]);
  const now = new Date();
  const withCircuits = endpoints.rows.map(({ circuitOpenUntil, ...endpoint }) => {
    const circuit = circuitState({ consecutiveFailures: endpoint.consecutiveFailures, openUntil: circuitOpenUntil }, now);
    return { ...endpoint, circuit, retryAt: circuit === 'closed' ? null : endpoint.retryAt };
  });
  return { rules: rules.rows, endpoints: withCircuits, deliveries: deliveries.rows };
}

import { storableId } from '@/lib/platform/local/ids';
import { getPool } from '@/lib/db/pool';
import { wakeEndpointSql } from './wake-endpoint';
import { circuitView, type CircuitView } from './circuit-breaker';
import { newEndpointSecret } from './sign-payload';
import type { RoutableEventName } from './event-data';
import type { EndpointKind } from './targets/target-url';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An endpoint as the API lists it (the secret is shown only on creation and rotation), with its circuit breaker. */
export type Endpoint = {
  id: string;
  /** How it delivers (migration 20261201111500_endpoint_kinds); every kind has the same deliveries, retries, breaker, test and replay. */
  type: EndpointKind;
  /** The URL POSTed to; an email endpoint's is mailto:<email>. */
  url: string;
  /** email only: where the digests go. */
  email: string | null;
  /** email only: at most one mail per this many minutes (0: as soon as events are due). */
  digest_minutes: number | null;
  /** The events routed here (null: every event); test events are always sent. */
  events: RoutableEventName[] | null;
  description: string;
  active: boolean;
  created_at: string;
  previous_secret_expires_at: string | null;
  circuit: CircuitView;
};

export type Delivery = {
  id: string;
  event: 'rule.match' | 'test';
  match_id: string | null;
  tweet_id: string | null;
  status: 'pending' | 'awaiting_credits' | 'delivered' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_latency_ms: number | null;
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
};

const ENDPOINT_COLUMNS = `id::text, kind AS type, url, email_to AS email, digest_minutes, events, description, active, created_at, previous_secret_expires_at, consecutive_failures, circuit_open_until`;
type EndpointRow = Omit<Endpoint, 'created_at' | 'previous_secret_expires_at' | 'circuit'> & {
  created_at: Date;
  previous_secret_expires_at: Date | null;
  consecutive_failures: number;
  circuit_open_until: Date | null;
};
const toEndpoint = ({ consecutive_failures, circuit_open_until, ...row }: EndpointRow): Endpoint => ({
  ...row,
  created_at: row.created_at.toISOString(),
  previous_secret_expires_at: row.previous_secret_expires_at?.toISOString() ?? null,
  circuit: circuitView({ consecutiveFailures: consecutive_failures, openUntil: circuit_open_until }),
});

export const MAX_ENDPOINTS_PER_ACCOUNT = 10;

/** How a new endpoint delivers, besides its URL (checked by the caller): a webhook by default, every event. */
export type EndpointOptions = { kind?: EndpointKind; email?: string; digestMinutes?: number; events?: RoutableEventName[] | null };

/** The digest period of an email endpoint created without one. */
export const DEFAULT_DIGEST_MINUTES = 15;

/**
 * Registers an endpoint for an account with a new secret (signing webhooks; Slack, Discord and
 * email endpoints keep one unused, so every kind rotates alike); null when the account has the
 * most allowed. An email endpoint's url is mailto:<email>.
 */
export async function createEndpoint(userId: string, url: string | null, description: string, options: EndpointOptions = {}): Promise<(Endpoint & { secret: string }) | null> {
  const secret = newEndpointSecret();
  const kind = options.kind ?? 'webhook';
  const email = kind === 'email' ? (options.email ?? null) : null;
  if (kind === 'email' ? email === null : url === null) throw new Error(`a ${kind} endpoint needs ${kind === 'email' ? 'an email address' : 'a URL'}`);
  const { rows } = await getPool().query<EndpointRow>(
    `INSERT INTO realtime_endpoints (user_id, url, description, secret, kind, email_to, digest_minutes, events)
     SELECT $1, $2, $3, $4, $6, $7, $8, $9::text[] WHERE (SELECT count(*) FROM realtime_endpoints WHERE user_id = $1) < $5
     RETURNING ${ENDPOINT_COLUMNS}`,
    [
      userId,
      email === null ? url : `mailto:${email}`,
      description,
      secret,
      MAX_ENDPOINTS_PER_ACCOUNT,
      kind,
      email,
      kind === 'email' ? (options.digestMinutes ?? DEFAULT_DIGEST_MINUTES) : null,
      options.events ?? null,
    ],
  );
  return rows[0] ? { ...toEndpoint(rows[0]), secret } : null;
}

export async function listEndpoints(userId: string): Promise<Endpoint[]> {
  const { rows } = await getPool().query<EndpointRow>(`SELECT ${ENDPOINT_COLUMNS} FROM realtime_endpoints WHERE user_id = $1 ORDER BY realtime_endpoints.id`, [userId]);
  return rows.map(toEndpoint);
}

/** Deletes an endpoint and its delivery log; the endpoint as it was, or null when there is no such endpoint. */
export async function deleteEndpoint(userId: string, endpointId: string): Promise<Endpoint | null> {
  // An id beyond bigint names no row (and would fail the query): not found.
  if (storableId(endpointId) === null) return null;
  const { rows } = await getPool().query<EndpointRow>(`DELETE FROM realtime_endpoints WHERE user_id = $1 AND id = $2::bigint RETURNING ${ENDPOINT_COLUMNS}`, [userId, endpointId]);
  return rows[0] ? toEndpoint(rows[0]) : null;
}

/** A new secret; the old one keeps signing (a second v1) for `overlapSeconds`. Null when no such endpoint. */
export async function rotateEndpointSecret(userId: string, endpointId: string, overlapSeconds: number): Promise<(Endpoint & { secret: string }) | null> {
  // An id beyond bigint names no row (and would fail the query): not found.
  if (storableId(endpointId) === null) return null;
  const secret = newEndpointSecret();
  const { rows } = await getPool().query<EndpointRow>(
    `UPDATE realtime_endpoints SET previous_secret = secret, secret = $3,
       previous_secret_expires_at = now() + $4 * interval '1 second', updated_at = now()
     WHERE user_id = $1 AND id = $2::bigint RETURNING ${ENDPOINT_COLUMNS}`,
    [userId, endpointId, secret, overlapSeconds],
  );
  return rows[0] ? { ...toEndpoint(rows[0]), secret } : null;
}

type DeliveryRow = Omit<Delivery, 'created_at' | 'delivered_at' | 'next_attempt_at'> & { created_at: Date; delivered_at: Date | null; next_attempt_at: Date | null };

/** An endpoint's delivery log, newest first, optionally of one status; null when no such endpoint. */
export async function listDeliveries(userId: string, endpointId: string, status: Delivery['status'] | undefined, limit: number): Promise<Delivery[] | null> {
  // An id beyond bigint names no row (and would fail the query): not found.
  if (storableId(endpointId) === null) return null;
  const owned = await getPool().query('SELECT 1 FROM realtime_endpoints WHERE user_id = $1 AND id = $2::bigint', [userId, endpointId]);
  if (owned.rows.length === 0) return null;
  const { rows } = await getPool().query<DeliveryRow>(
    `SELECT d.id::text, d.event, d.match_id::text, m.tweet_id::text, d.status, d.attempts, d.last_status_code, d.last_error,
            d.last_latency_ms, d.next_attempt_at, d.created_at, d.delivered_at
     FROM realtime_deliveries d LEFT JOIN realtime_matches m ON m.id = d.match_id
     WHERE d.endpoint_id = $1::bigint AND ($2::text IS NULL OR d.status = $2) ORDER BY d.created_at DESC, d.id LIMIT $3`,
    [endpointId, status ?? null, limit],
  );
  return rows.map((row) => ({
    ...row,
    created_at: row.created_at.toISOString(),
    delivered_at: row.delivered_at?.toISOString() ?? null,
    next_attempt_at: row.next_attempt_at?.toISOString() ?? null,
  }));
}

/** Queues a test event to an endpoint; its delivery id, or null when no such endpoint. */
export async function sendTestEvent(userId: string, endpointId: string): Promise<string | null> {
  // An id beyond bigint names no row (and would fail the query): not found.
  if (storableId(endpointId) === null) return null;
  const { rows } = await getPool().query<{ id: string }>(
    `WITH created AS (
       INSERT INTO realtime_deliveries (endpoint_id, event) SELECT id, 'test' FROM realtime_endpoints WHERE user_id = $1 AND id = $2::bigint RETURNING id, endpoint_id
     ) SELECT created.id::text, ${wakeEndpointSql('created.endpoint_id')} FROM created`,
    [userId, endpointId],
  );
  return rows[0]?.id ?? null;
}

/**
 * Sends a delivered or failed delivery again, with the same id and body (receivers
 * de-duplicate by it); charges nothing more for a match already paid. Its creation time stays;
 * replayed_at starts its retry window again. 'not_found', 'busy'
 * (still pending or awaiting credits) or 'queued'.
 */
export async function replayDelivery(userId: string, deliveryId: string): Promise<'not_found' | 'busy' | 'queued'> {
  // Delivery ids are UUIDs: anything else names no row (and would fail the query).
  if (!UUID.test(deliveryId)) return 'not_found';
  const { rows } = await getPool().query<{ status: string; queued: boolean }>(
    `WITH target AS (
       SELECT d.id, d.status FROM realtime_deliveries d JOIN realtime_endpoints e ON e.id = d.endpoint_id
       WHERE e.user_id = $1 AND d.id::text = $2 FOR UPDATE OF d
     ), reset AS (
       UPDATE realtime_deliveries d SET status = 'pending', replayed_at = now(), next_attempt_at = now()
       FROM target WHERE d.id = target.id AND target.status IN ('delivered', 'failed') RETURNING d.id, d.endpoint_id
     )
     SELECT target.status, EXISTS (SELECT 1 FROM reset) AS queued, (SELECT ${wakeEndpointSql('reset.endpoint_id')} FROM reset) IS NOT NULL AS job FROM target`,
    [userId, deliveryId],
  );
  if (rows.length === 0) return 'not_found';
  return rows[0].queued ? 'queued' : 'busy';
}

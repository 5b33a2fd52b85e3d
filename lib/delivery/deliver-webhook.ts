import { getPool } from '@/lib/db/pool';
import { holdMatchPayment, type MatchPayment } from './charge-match';
import { postWebhook } from './post-webhook';
import { nextRetryDelay } from './retry-policy';
import { SIGNATURE_HEADER, signatureHeader } from './sign-payload';
import { webhookBody, type WebhookEvent, type WebhookEventName } from './webhook-payload';
import { deliverEmailDigest } from './deliver-email-digest';
import { serviceRequest } from './targets/service-request';
import type { EndpointKind } from './targets/target-url';
import { observeWebhookDelivery } from '@/lib/observability/delivery-metrics';

type DeliveryRow = {
  id: string;
  status: string;
  event: WebhookEventName;
  attempts: number;
  created_at: Date;
  /** Where the retry window starts: the last replay, else the creation. */
  retry_from: Date;
  url: string;
  /** How the endpoint delivers: a signed POST (webhook), a Slack or Discord message, an email digest. */
  kind: EndpointKind;
  endpoint_id: string;
  email_to: string | null;
  active: boolean;
  secret: string;
  previous_secret: string | null;
  previous_valid: boolean;
  match_id: string | null;
  user_id: string;
  key_id: string | null;
  rule_id: string | null;
  rule_tag: string | null;
  matched_at: Date | null;
  tweet: unknown;
  data: unknown;
};

const LOAD_SQL = `
  SELECT d.id, d.status, d.event, d.attempts, d.created_at, coalesce(d.replayed_at, d.created_at) AS retry_from, coalesce(d.data, m.data) AS data, e.url, e.active, e.secret, e.previous_secret,
         coalesce(e.previous_secret_expires_at > now(), false) AS previous_valid, e.user_id, e.kind, d.endpoint_id::text AS endpoint_id, e.email_to,
         m.id::text AS match_id, m.key_id, m.rule_id::text AS rule_id, r.tag AS rule_tag, m.matched_at, m.tweet
  FROM realtime_deliveries d
  JOIN realtime_endpoints e ON e.id = d.endpoint_id
  LEFT JOIN realtime_matches m ON m.id = d.match_id
  LEFT JOIN realtime_rules r ON r.id = m.rule_id
  WHERE d.id = $1::uuid`;

/** What an attempt came to: the POST answered 2xx, the POST failed, or no POST was made. */
export type AttemptOutcome = 'delivered' | 'failed' | 'skipped';

/**
 * One attempt at one delivery (claimed by its endpoint's turn, endpoint-turn.ts): hold the
 * match's price, POST the signed event, then settle and mark it delivered, or release and set
 * the next try (exponential backoff for about a day, then failed). Finished deliveries are left
 * alone, so a duplicated claim sends nothing twice. Every ending clears the claim's lease.
 * `beforeRelease` hears how the POST went before the lease is cleared: the endpoint's circuit
 * breaker moves first, so no other attempt is claimed on the breaker as it was before this one.
 */
export async function deliverWebhook(deliveryId: string, beforeRelease: (ok: boolean) => Promise<unknown> = async () => undefined): Promise<AttemptOutcome> {
  const pool = getPool();
  const { rows } = await pool.query<DeliveryRow>(LOAD_SQL, [deliveryId]);
  const delivery = rows[0];
  if (!delivery || delivery.status !== 'pending') return 'skipped';
  if (!delivery.active) {
    await pool.query(`UPDATE realtime_deliveries SET status = 'failed', last_error = 'endpoint disabled', lease_until = NULL WHERE id = $1`, [deliveryId]);
    observeWebhookDelivery('endpoint_disabled');
    return 'skipped';
  }
  // An email endpoint mails a digest of its waiting deliveries (holding each one's price itself).
  if (delivery.kind === 'email') {
    const digest = { id: deliveryId, endpointId: delivery.endpoint_id, event: delivery.event, attempts: delivery.attempts, retryFrom: delivery.retry_from, emailTo: delivery.email_to ?? '' };
    return deliverEmailDigest(digest, beforeRelease);
  }
  let payment: MatchPayment | null = null;
  // Events of a rule are held (each at its price, charge-match.ts); account events have no key and are free.
  if (delivery.match_id !== null && delivery.key_id !== null) {
    payment = await holdMatchPayment({ matchId: delivery.match_id, userId: delivery.user_id, keyId: delivery.key_id }, `dlv_${deliveryId}`);
    if (!payment) {
      await pool.query(`UPDATE realtime_deliveries SET status = 'awaiting_credits', last_error = 'insufficient credits', lease_until = NULL WHERE id = $1 AND status = 'pending'`, [deliveryId]);
      observeWebhookDelivery('awaiting_credits');
      return 'skipped';
    }
  }
  const event: WebhookEvent = {
    id: deliveryId,
    event: delivery.event,
    created_at: delivery.created_at.toISOString(),
    // Account events reference their stored event too, but have no rule: match stays null, as before the event store.
    match:
      delivery.match_id === null || delivery.rule_id === null
        ? null
        : { id: delivery.match_id, rule: { id: delivery.rule_id ?? '', tag: delivery.rule_tag ?? '' }, matched_at: delivery.matched_at!.toISOString() },
    tweet: delivery.tweet ?? null,
    // Events other than matches (account.balance_low, follow.*, …) carry their payload: the event's (older deliveries kept their own).
    ...(delivery.data === null ? {} : { data: delivery.data }),
  };
  const body = webhookBody(event);
  const secrets = delivery.previous_secret && delivery.previous_valid ? [delivery.secret, delivery.previous_secret] : [delivery.secret];
  const timestamp = Math.floor(Date.now() / 1000);
  // Slack and Discord get their own readable message, through the same POST, address rules and retries.
  const service = delivery.kind === 'slack' || delivery.kind === 'discord' ? serviceRequest(delivery.kind, event) : null;
  const outcome = service ? await postWebhook(delivery.url, service.body, service.headers) : await postWebhook(delivery.url, body, {
    'content-type': 'application/json',
    'user-agent': 'Perch-Webhooks/1',
    'perch-delivery-id': deliveryId,
    'perch-event': delivery.event,
    'perch-timestamp': String(timestamp),
    [SIGNATURE_HEADER]: signatureHeader(secrets, timestamp, body),
  });
  await beforeRelease(outcome.ok);
  if (outcome.ok) {
    await payment?.settle(outcome.latencyMs);
    await pool.query(
      `UPDATE realtime_deliveries SET status = 'delivered', attempts = attempts + 1, last_attempt_at = now(), last_status_code = $2, last_error = NULL,
         last_latency_ms = $3, delivered_at = now(), next_attempt_at = NULL, lease_until = NULL WHERE id = $1`,
      [deliveryId, outcome.statusCode, outcome.latencyMs],
    );
    // The lag runs from the match (an event without one: its creation) to this delivery.
    observeWebhookDelivery('delivered', delivery.matched_at ?? delivery.created_at);
    return 'delivered';
  }
  await payment?.release(outcome.latencyMs, outcome.statusCode ?? 502);
  const delay = nextRetryDelay(delivery.attempts + 1, delivery.retry_from);
  if (delay === null) {
    await pool.query(
      `UPDATE realtime_deliveries SET status = 'failed', attempts = attempts + 1, last_attempt_at = now(), last_status_code = $2, last_error = $3, last_latency_ms = $4, next_attempt_at = NULL,
         lease_until = NULL WHERE id = $1`,
      [deliveryId, outcome.statusCode, outcome.error, outcome.latencyMs],
    );
    observeWebhookDelivery('failed');
    return 'failed';
  }
  // The endpoint's turn comes back for it when it falls due (the claim reports when).
  await pool.query(
    `UPDATE realtime_deliveries SET attempts = attempts + 1, last_attempt_at = now(), last_status_code = $2, last_error = $3, last_latency_ms = $4,
       next_attempt_at = now() + $5 * interval '1 millisecond', lease_until = NULL WHERE id = $1`,
    [deliveryId, outcome.statusCode, outcome.error, outcome.latencyMs, delay],
  );
  observeWebhookDelivery('retrying');
  return 'failed';
}

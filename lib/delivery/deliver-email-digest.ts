import { getPool } from '@/lib/db/pool';
import { sendMail } from '@/lib/mail/send-mail';
import { componentLogger } from '@/lib/observability/logger';
import { observeWebhookDelivery } from '@/lib/observability/delivery-metrics';
import { holdMatchPayment, type MatchPayment } from './charge-match';
import { typedEvent, type TypedEvent } from './event-data';
import { nextRetryDelay } from './retry-policy';
import { emailDigest } from './targets/email-digest';

const log = componentLogger('email-digest');

// An email endpoint's deliveries are the same realtime_deliveries rows as a webhook's (log,
// retries, breaker, test, replay); only the sending differs. The choice, documented in the API:
//  - at most one digest mail per digest_minutes per endpoint. The first event after a quiet
//    period is mailed at once (a rare event is not held back); events that come while the window
//    is closed wait (their next_attempt_at moves to its end) and go together in the next mail;
//  - a mail lists every pending delivery of the endpoint, oldest first (up to MAX_EVENTS_PER_MAIL;
//    the rest go in the next), and the deliveries it covers are marked delivered when the mail
//    is queued (the outbox, or handed to SMTP). A crash between the two can send a mail twice,
//    never lose one: delivery is at least once, as for webhooks;
//  - a test event is mailed alone at once and does not touch the window;
//  - paid events (rule.match, follow.*, profile.*) are held one by one as for webhooks; one the
//    account cannot pay waits (awaiting_credits) and is left out of the mail.

/** The most events one mail lists: a flood makes several mails, one per window, not one huge one. */
export const MAX_EVENTS_PER_MAIL = 200;

type Pending = {
  id: string;
  event: string;
  created_at: Date;
  data: unknown;
  match_id: string | null;
  key_id: string | null;
  rule_id: string | null;
  rule_tag: string | null;
  matched_at: Date | null;
  tweet: unknown;
  user_id: string;
};

const PENDING_SQL = `
  SELECT d.id::text, d.event, d.created_at, coalesce(d.data, m.data) AS data, e.user_id,
         m.id::text AS match_id, m.key_id, m.rule_id::text AS rule_id, r.tag AS rule_tag, m.matched_at, m.tweet
  FROM realtime_deliveries d
  JOIN realtime_endpoints e ON e.id = d.endpoint_id
  LEFT JOIN realtime_matches m ON m.id = d.match_id
  LEFT JOIN realtime_rules r ON r.id = m.rule_id
  WHERE d.endpoint_id = $1::bigint AND d.status = 'pending' AND (d.event <> 'test' OR d.id = $2::uuid)
    AND (d.id = $2::uuid OR $3::boolean)
  -- Events recorded in one statement share created_at: their event id (the order they happened) breaks the tie.
  ORDER BY d.created_at, m.id NULLS LAST, d.id LIMIT ${MAX_EVENTS_PER_MAIL}`;

// The window opens for this attempt when the last digest is at least digest_minutes old; the
// previous time is kept to give the window back if the mail fails.
const OPEN_WINDOW_SQL = `
  WITH previous AS (SELECT last_digest_at FROM realtime_endpoints WHERE id = $1::bigint FOR UPDATE)
  UPDATE realtime_endpoints e SET last_digest_at = now() FROM previous
  WHERE e.id = $1::bigint AND (previous.last_digest_at IS NULL OR previous.last_digest_at + e.digest_minutes * interval '1 minute' <= now())
  RETURNING previous.last_digest_at AS previous, e.last_digest_at AS opened`;

// The window is closed: this delivery, and the endpoint's other waiting ones not under way
// elsewhere, come back when it opens.
const WAIT_SQL = `
  UPDATE realtime_deliveries d SET next_attempt_at = e.last_digest_at + e.digest_minutes * interval '1 minute', lease_until = CASE WHEN d.id = $2::uuid THEN NULL ELSE d.lease_until END
  FROM realtime_endpoints e
  WHERE e.id = $1::bigint AND d.endpoint_id = e.id AND d.status = 'pending' AND d.event <> 'test'
    AND (d.id = $2::uuid OR d.lease_until IS NULL OR d.lease_until <= now())`;

function eventOf(row: Pending): TypedEvent {
  return typedEvent({
    id: row.id,
    event: row.event,
    created_at: row.created_at.toISOString(),
    match: row.match_id === null || row.rule_id === null ? null : { id: row.match_id, rule: { id: row.rule_id, tag: row.rule_tag ?? '' }, matched_at: row.matched_at!.toISOString() },
    tweet: row.tweet ?? null,
    ...(row.data === null ? {} : { data: row.data }),
  });
}

export type DigestDelivery = { id: string; endpointId: string; event: string; attempts: number; retryFrom: Date; emailTo: string };

/**
 * One attempt of an email endpoint's delivery (claimed by its turn as any other): mails the
 * digest it opens, or makes it wait for the endpoint's next window. `beforeRelease` hears how the
 * mail went (the circuit breaker), as for a POST.
 */
export async function deliverEmailDigest(delivery: DigestDelivery, beforeRelease: (ok: boolean) => Promise<unknown>): Promise<'delivered' | 'failed' | 'skipped'> {
  const pool = getPool();
  const test = delivery.event === 'test';
  let window: { previous: Date | null; opened: Date } | null = null;
  if (!test) {
    const opened = await pool.query<{ previous: Date | null; opened: Date }>(OPEN_WINDOW_SQL, [delivery.endpointId]);
    window = opened.rows[0] ?? null;
    if (!window) {
      await pool.query(WAIT_SQL, [delivery.endpointId, delivery.id]);
      return 'skipped';
    }
  }
  const { rows } = await pool.query<Pending>(PENDING_SQL, [delivery.endpointId, delivery.id, !test]);
  const covered: Array<{ row: Pending; payment: MatchPayment | null }> = [];
  for (const row of rows) {
    let payment: MatchPayment | null = null;
    if (row.match_id !== null && row.key_id !== null) {
      payment = await holdMatchPayment({ matchId: row.match_id, userId: row.user_id, keyId: row.key_id }, `dlv_${row.id}`);
      if (!payment) {
        await pool.query(`UPDATE realtime_deliveries SET status = 'awaiting_credits', last_error = 'insufficient credits', lease_until = NULL WHERE id = $1 AND status = 'pending'`, [row.id]);
        observeWebhookDelivery('awaiting_credits');
        continue;
      }
    }
    covered.push({ row, payment });
  }
  if (covered.length === 0) {
    // Nothing left to mail (all awaiting credits): the window is not used up.
    if (window) await pool.query(`UPDATE realtime_endpoints SET last_digest_at = $2 WHERE id = $1::bigint AND last_digest_at = $3`, [delivery.endpointId, window.previous, window.opened]);
    return 'skipped';
  }

  const started = performance.now();
  const sent = await sendMail(emailDigest(delivery.emailTo, covered.map(({ row }) => eventOf(row)), window?.previous ?? null));
  const latencyMs = Math.round(performance.now() - started);
  const ok = sent.error === null;
  await beforeRelease(ok);
  const ids = covered.map(({ row }) => row.id);
  if (ok) {
    for (const { payment } of covered) await payment?.settle(latencyMs);
    await pool.query(
      `UPDATE realtime_deliveries SET status = 'delivered', attempts = attempts + 1, last_attempt_at = now(), last_status_code = NULL, last_error = NULL,
         last_latency_ms = $2, delivered_at = now(), next_attempt_at = NULL, lease_until = CASE WHEN id = $3::uuid THEN NULL ELSE lease_until END
       WHERE id = ANY($1::uuid[]) AND status = 'pending'`,
      [ids, latencyMs, delivery.id],
    );
    for (const { row } of covered) observeWebhookDelivery('delivered', row.matched_at ?? row.created_at);
    log.info({ endpoint_id: delivery.endpointId, events: ids.length }, `email digest of ${ids.length} event(s) queued`);
    return 'delivered';
  }

  // The mail server refused: nothing is marked; the window is given back; this delivery is
  // retried as a failed POST would be, the others wait for their own turn.
  for (const { payment } of covered) await payment?.release(latencyMs, 502);
  if (window) await pool.query(`UPDATE realtime_endpoints SET last_digest_at = $2 WHERE id = $1::bigint AND last_digest_at = $3`, [delivery.endpointId, window.previous, window.opened]);
  const error = 'could not send the mail';
  const delay = nextRetryDelay(delivery.attempts + 1, delivery.retryFrom);
  if (delay === null) {
    await pool.query(
      `UPDATE realtime_deliveries SET status = 'failed', attempts = attempts + 1, last_attempt_at = now(), last_error = $2, last_latency_ms = $3, next_attempt_at = NULL, lease_until = NULL WHERE id = $1`,
      [delivery.id, error, latencyMs],
    );
    observeWebhookDelivery('failed');
    return 'failed';
  }
  await pool.query(
    `UPDATE realtime_deliveries SET attempts = attempts + 1, last_attempt_at = now(), last_error = $2, last_latency_ms = $3,
       next_attempt_at = now() + $4 * interval '1 millisecond', lease_until = NULL WHERE id = $1`,
    [delivery.id, error, latencyMs, delay],
  );
  observeWebhookDelivery('retrying');
  return 'failed';
}

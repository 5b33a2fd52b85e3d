import type Stripe from 'stripe';
import { getPool } from '@/lib/db/pool';
import { stripeClient } from './stripe-client';
import type { StripeConfig } from './stripe-config';

export type StripeEventOutcome =
  | { status: 400; message: string }
  | { status: 200; result: 'granted'; userId: string; credits: number; balance: number }
  | { status: 200; result: 'duplicate' | 'ignored' | 'unpaid'; reason: string };

// One statement: the payment row, the grant and the balance commit together or not at all.
// The payment row is unique on both the event id and the checkout session, so a redelivered
// event, or a second event about the same payment (completed, then async_payment_succeeded),
// grants nothing the second time.
const GRANT_ONCE_SQL = `
  WITH payment AS (
    INSERT INTO stripe_payments (event_id, session_id, user_id, credits, amount_total, currency)
    SELECT $1, $2, w.id, $4::bigint, $5::bigint, $6 FROM workspaces w WHERE w.id = $3
    ON CONFLICT DO NOTHING
    RETURNING user_id, credits, session_id
  ), granted AS (
    INSERT INTO credit_grants (user_id, amount, reason)
    SELECT user_id, credits, 'Stripe payment ' || session_id FROM payment
    RETURNING user_id, amount
  )
  INSERT INTO credit_balances (user_id, balance, updated_at)
  SELECT user_id, amount, now() FROM granted
  ON CONFLICT (user_id) DO UPDATE SET balance = credit_balances.balance + EXCLUDED.balance, updated_at = now()
  RETURNING balance::text`;

const GRANT_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/** Verifies a webhook delivery's signature, then grants a paid checkout's credits exactly once. */
export async function handleStripeEvent(config: StripeConfig, payload: string, signature: string | null): Promise<StripeEventOutcome> {
  if (!signature) return { status: 400, message: 'missing Stripe-Signature header' };
  let event: Stripe.Event;
  try {
    event = stripeClient(config).webhooks.constructEvent(payload, signature, config.webhookSecret);
  } catch (error) {
    return { status: 400, message: `signature check failed: ${error instanceof Error ? error.message : error}` };
  }
  if (!GRANT_EVENTS.has(event.type)) return { status: 200, result: 'ignored', reason: `${event.type} needs no action` };
  const session = event.data.object as Stripe.Checkout.Session;
  if (session.payment_status !== 'paid') return { status: 200, result: 'unpaid', reason: `payment ${session.payment_status}: credits follow when it succeeds` };
  const userId = session.metadata?.perch_user_id ?? session.client_reference_id;
  const credits = Number(session.metadata?.perch_credits);
  if (!userId || !Number.isSafeInteger(credits) || credits < 1) return { status: 200, result: 'ignored', reason: 'not a Perch credit checkout' };
  const { rows } = await getPool().query<{ balance: string }>({
    name: 'perch_stripe_grant_once',
    text: GRANT_ONCE_SQL,
    values: [event.id, session.id, userId, credits, session.amount_total ?? 0, session.currency ?? config.currency],
  });
  if (rows.length === 0) return { status: 200, result: 'duplicate', reason: `payment ${session.id} was already granted, or its account no longer exists` };
  return { status: 200, result: 'granted', userId, credits, balance: Number(rows[0].balance) };
}
